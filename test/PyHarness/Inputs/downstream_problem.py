import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear, then x * sigmoid(x) plus a per-feature bias, then GroupNorm."""

    def __init__(self, in_features, out_features, groups):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.shift = nn.Parameter(torch.randn(out_features) * 0.5)
        self.norm = nn.GroupNorm(groups, out_features)

    def forward(self, x):
        x = self.fc(x)
        x = x * torch.sigmoid(x)
        x = x + self.shift
        return self.norm(x)


rows = 64
in_features = 96
out_features = 128
groups = 8


def get_inputs():
    return [torch.randn(rows, in_features)]


def get_init_inputs():
    return [in_features, out_features, groups]
