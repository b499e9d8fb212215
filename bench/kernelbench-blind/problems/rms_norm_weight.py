import torch
import torch.nn as nn


class Model(nn.Module):
    """
    RMSNorm over the last dimension with a learned per-feature weight (LLaMA style).
    """
    def __init__(self, hidden_size: int, eps: float = 1e-6):
        super(Model, self).__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size) + 0.1 * torch.randn(hidden_size))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        variance = x.pow(2).mean(-1, keepdim=True)
        x = x * torch.rsqrt(variance + self.eps)
        return self.weight * x


batch_size = 16
seq_len = 256
hidden_size = 1024


def get_inputs():
    x = torch.randn(batch_size, seq_len, hidden_size)
    return [x]


def get_init_inputs():
    return [hidden_size]
