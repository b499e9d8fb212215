import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels, kernel_size, normalized_shape):
        super(Model, self).__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size, groups=channels, bias=False)
        self.ln = nn.LayerNorm(normalized_shape, eps=1e-6)

    def forward(self, x):
        return self.ln(self.conv(x))


batch_size = 8
channels = 4
kernel_size = 3
length = 66
normalized_shape = (length - kernel_size + 1,)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels, kernel_size, normalized_shape]
