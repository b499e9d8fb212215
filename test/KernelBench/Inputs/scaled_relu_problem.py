import torch
import torch.nn as nn


class Model(nn.Module):
    """ReLU times a learned scalar."""

    def __init__(self, init_scale):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(init_scale))

    def forward(self, x):
        return torch.relu(x) * self.scale


batch = 32
dim = 1000
init_scale = 0.75


def get_inputs():
    x = torch.randn(batch, dim)
    x = x * 2.0
    return [x]


def get_init_inputs():
    return [init_scale]
