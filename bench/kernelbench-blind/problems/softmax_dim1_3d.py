import torch
import torch.nn as nn


class Model(nn.Module):
    """Softmax over the middle dimension of a 3D tensor."""

    def __init__(self, dim: int = 1):
        super(Model, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=self.dim)


batch_size = 16
dim1 = 64
dim2 = 1024


def get_inputs():
    x = torch.randn(batch_size, dim1, dim2)
    return [x]


def get_init_inputs():
    return [1]
