import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Performs 4D tensor-matrix multiplication:
        C[b, i, j, k] = sum_l A[b, i, j, l] * B[l, k]
    """

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, A, B):
        return torch.einsum("bijl,lk->bijk", A, B)


b = 8
i = 32
j = 64
l = 256
k = 384


def get_inputs():
    A = torch.randn(b, i, j, l)
    B = torch.randn(l, k)
    return [A, B]


def get_init_inputs():
    return []
