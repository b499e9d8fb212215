import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Adds a learned bias, applies the tanh-approximated GELU and adds a residual.
    """
    def __init__(self, bias_shape):
        super(Model, self).__init__()
        self.bias = nn.Parameter(torch.randn(bias_shape))

    def forward(self, x, residual):
        x = x + self.bias
        x = torch.nn.functional.gelu(x, approximate="tanh")
        return x + residual


batch_size = 256
hidden = 4096
bias_shape = (hidden,)


def get_inputs():
    return [torch.randn(batch_size, hidden), torch.randn(batch_size, hidden)]


def get_init_inputs():
    return [bias_shape]
