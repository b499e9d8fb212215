import torch
import torch.nn as nn


class Model(nn.Module):
    """Masked values plus a per-row label."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x, mask, labels):
        return torch.where(mask, x, torch.zeros_like(x)) + labels.unsqueeze(1).to(x.dtype)


batch_size = 64
num_classes = 16


def get_inputs():
    x = torch.randn(batch_size, num_classes)
    mask = torch.randint(0, 2, x.shape).bool()
    return [x, mask, torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return []
