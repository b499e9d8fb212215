import torch
import torch.nn as nn


class Model(nn.Module):
    """Swap the last two dimensions and materialize the result contiguously."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.transpose(1, 2).contiguous()


batch_size = 16
dim1 = 384
dim2 = 500


def get_inputs():
    x = torch.randn(batch_size, dim1, dim2)
    return [x]


def get_init_inputs():
    return []
