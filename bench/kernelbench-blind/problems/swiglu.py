import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """
    SwiGLU gate: splits the last dimension in two halves (a, b) and returns silu(a) * b.
    """
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a, b = x.chunk(2, dim=-1)
        return F.silu(a) * b


batch_size = 64
hidden = 4096


def get_inputs():
    x = torch.randn(batch_size, 2 * hidden)
    return [x]


def get_init_inputs():
    return []
