import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Gathers values along dimension 1 with an index tensor: out[i][j] = x[i][index[i][j]].
    """
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
        return torch.gather(x, 1, index)


batch_size = 128
dim = 4096
num_indices = 1024


def get_inputs():
    x = torch.randn(batch_size, dim)
    index = torch.randint(0, dim, (batch_size, num_indices))
    return [x, index]


def get_init_inputs():
    return []
