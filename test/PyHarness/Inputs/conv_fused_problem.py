import torch
import torch.nn as nn


class Model(nn.Module):
    """Conv2d, then scale by a learned per-channel factor, then tanh."""

    def __init__(self, in_channels, out_channels, kernel_size, scale_shape):
        super(Model, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.scale = nn.Parameter(torch.randn(scale_shape) * 0.02)

    def forward(self, x):
        x = self.conv(x)
        x = x * self.scale
        return torch.tanh(x)


batch_size = 8
in_channels = 3
out_channels = 16
height, width = 32, 32
kernel_size = 3
scale_shape = (out_channels, 1, 1)


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, scale_shape]
