import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Binary cross entropy on logits, mean reduction.
    """
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, logits, targets):
        return torch.nn.functional.binary_cross_entropy_with_logits(logits, targets)


batch_size = 128
input_shape = (4096,)
dim = 1


def get_inputs():
    return [torch.randn(batch_size, *input_shape) * 3.0, torch.randint(0, 2, (batch_size, *input_shape)).float()]


def get_init_inputs():
    return []
