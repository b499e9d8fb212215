import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, a, b):
        return a + b


size = 1 << 20


def get_inputs():
    a = torch.randn(size)
    b = torch.randn(size)
    return [a, b]


def get_init_inputs():
    return []
