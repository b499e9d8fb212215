import torch
import torch.nn as nn


class Model(nn.Module):
    """Group Normalization."""

    def __init__(self, num_groups: int, num_features: int, eps: float = 1e-5):
        super(Model, self).__init__()
        self.gn = nn.GroupNorm(num_groups=num_groups, num_channels=num_features, eps=eps)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.gn(x)


batch_size = 16
features = 32
num_groups = 8
dim1 = 64
dim2 = 64


def get_inputs():
    x = torch.randn(batch_size, features, dim1, dim2)
    return [x]


def get_init_inputs():
    return [num_groups, features]
