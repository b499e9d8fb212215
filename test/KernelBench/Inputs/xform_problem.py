import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Sums four computed inputs."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, p, q, m, n):
        return p + q + m + n


batch = 24
width = 40


def get_inputs():
    p = F.softmax(torch.randn(batch, width), dim=1)
    q = torch.log_softmax(torch.randn(batch, width) * 2.0, -1)
    m = torch.triu(torch.rand(batch, width), diagonal=-1).abs()
    n = F.normalize(torch.randn(batch, width), p=2.0, dim=1).clamp(-0.5, 0.5) * 3 + 1
    return [p, q, m, n.float()]


def get_init_inputs():
    return []
