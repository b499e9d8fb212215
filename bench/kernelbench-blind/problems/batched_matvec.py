import torch
import torch.nn as nn


class Model(nn.Module):
    """Batched matrix-vector product: y[b] = A[b] @ v[b]."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, A: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        return torch.bmm(A, v.unsqueeze(2)).squeeze(2)


batch_size = 16
M = 256
K = 512


def get_inputs():
    A = torch.randn(batch_size, M, K)
    v = torch.randn(batch_size, K)
    return [A, v]


def get_init_inputs():
    return []
