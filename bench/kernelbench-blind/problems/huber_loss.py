import torch
import torch.nn as nn


class Model(nn.Module):
    """Huber loss with a configurable delta, mean reduction."""

    def __init__(self, delta: float = 1.0):
        super(Model, self).__init__()
        self.delta = delta

    def forward(self, predictions, targets):
        return torch.nn.functional.huber_loss(predictions, targets, delta=self.delta)


batch_size = 128
input_shape = (4096,)
delta = 0.5


def get_inputs():
    return [torch.randn(batch_size, *input_shape) * 2.0, torch.randn(batch_size, *input_shape)]


def get_init_inputs():
    return [delta]
