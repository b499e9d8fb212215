import torch
import torch.nn as nn


class Model(nn.Module):
    """A per-channel affine map: y[b, c, i] = x[b, c, i] * weight[c] + bias[c], then
    scaled by a constant factor."""

    def __init__(self, channels, factor):
        super(Model, self).__init__()
        self.weight = nn.Parameter(torch.randn(channels))
        self.bias = nn.Parameter(torch.randn(channels))
        self.factor = factor

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (x * self.weight.view(1, -1, 1) + self.bias.view(1, -1, 1)) * self.factor


batch_size = 4
channels = 16
length = 1024
factor = 0.5


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels, factor]
