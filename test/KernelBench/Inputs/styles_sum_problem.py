import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim, scale=None):
        super(Model, self).__init__()
        self.dim = dim

    def forward(self, x):
        return torch.sum(x, dim=self.dim, keepdim=True) * 0.5


batch_size = 4
input_shape = (96, 80)
reduce_dim = 1


def get_inputs():
    return [torch.rand(batch_size, *input_shape) * 8 - 4]


def get_init_inputs():
    return [reduce_dim]
