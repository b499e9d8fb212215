import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Linear layer, LeakyReLU, then multiplication by a constant.
    """
    def __init__(self, in_features, out_features, negative_slope, multiplier):
        super(Model, self).__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.negative_slope = negative_slope
        self.multiplier = multiplier

    def forward(self, x):
        x = self.linear(x)
        x = torch.nn.functional.leaky_relu(x, negative_slope=self.negative_slope)
        x = x * self.multiplier
        return x


batch_size = 128
in_features = 512
out_features = 1024
negative_slope = 0.1
multiplier = 0.5


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, negative_slope, multiplier]
