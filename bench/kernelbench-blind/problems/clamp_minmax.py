import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Clamps every element to [min_val, max_val].
    """
    def __init__(self, min_val: float = -1.0, max_val: float = 1.0):
        super(Model, self).__init__()
        self.min_val = min_val
        self.max_val = max_val

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """
        Args:
            x (torch.Tensor): Input tensor of any shape.

        Returns:
            torch.Tensor: Clamped tensor, same shape as input.
        """
        return torch.clamp(x, min=self.min_val, max=self.max_val)


batch_size = 16
dim = 16384


def get_inputs():
    x = torch.randn(batch_size, dim)
    return [x]


def get_init_inputs():
    return [-0.5, 0.5]
