import torch
import torch.nn as nn

class Model(nn.Module):
    """A 1-D convolution without bias."""
    def __init__(self, in_channels, out_channels, kernel_size, bias=False):
        super().__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, bias=bias)

    def forward(self, x):
        return self.conv(x)

batch_size = 4
in_channels = 3
out_channels = 8
kernel_size = 5
length = 64

def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]

def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
