import torch
import torch.nn as nn


class Model(nn.Module):
    """Batch norm over the features of a (batch, features) input."""

    def __init__(self, features):
        super(Model, self).__init__()
        self.bn = nn.BatchNorm1d(features)

    def forward(self, x):
        return self.bn(x)


batch_size = 64
features = 128


def get_inputs():
    return [torch.randn(batch_size, features) * 3.0 + 1.0]


def get_init_inputs():
    return [features]
