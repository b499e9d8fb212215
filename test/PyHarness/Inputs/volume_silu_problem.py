import torch
import torch.nn as nn


class Model(nn.Module):
    """Adds a residual to a 5-D activation and applies SiLU."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x, res):
        y = x + res
        return y * torch.sigmoid(y)


batch_size = 8
channels = 8
D, H, W = 16, 16, 16


def get_inputs():
    return [torch.randn(batch_size, channels, D, H, W), torch.randn(batch_size, channels, D, H, W)]


def get_init_inputs():
    return []
