import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, p):
        return torch.log(p)


batch_size = 32
dim = 64


def get_inputs():
    return [torch.randn(batch_size, dim).cumsum(dim=-1)]


def get_init_inputs():
    return []
