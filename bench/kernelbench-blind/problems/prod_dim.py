import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Simple model that performs product reduction over a dimension.
    """
    def __init__(self, dim: int):
        super(Model, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.prod(x, dim=self.dim)


batch_size = 16
dim1 = 16
dim2 = 1024
reduction_dim = 1


def get_inputs():
    x = torch.rand(batch_size, dim1, dim2) + 0.5
    return [x]


def get_init_inputs():
    return [reduction_dim]
