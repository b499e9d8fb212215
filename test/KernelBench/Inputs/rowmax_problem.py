import torch
import torch.nn as nn


class Model(nn.Module):
    """Maximum over the last dimension of a 3-D tensor."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.amax(x, dim=-1)


batch = 12
seq = 40
features = 300


def get_inputs():
    return [torch.randn(batch, seq, features)]


def get_init_inputs():
    return []
