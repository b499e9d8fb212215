# Rows scaled by a per-column weight and a constant (kfix lit test input).
import torch
import torch.nn as nn

rows = 48
cols = 300


class Model(nn.Module):
    def __init__(self, shape):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(shape))

    def forward(self, x):
        return x * self.weight * 2.0


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return [(cols,)]
