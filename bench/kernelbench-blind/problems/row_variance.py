import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Simple model that computes the (unbiased) variance over one dimension.
    """
    def __init__(self, dim: int):
        super(Model, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.var(x, dim=self.dim)


batch_size = 128
features = 8192


def get_inputs():
    x = torch.randn(batch_size, features) * 3.0 + 1.0
    return [x]


def get_init_inputs():
    return [-1]
