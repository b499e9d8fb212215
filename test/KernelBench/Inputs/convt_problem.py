import torch
import torch.nn as nn


class Model(nn.Module):
    """1-D transposed convolution, stride 2, no bias."""

    def __init__(self, cin, cout, k):
        super().__init__()
        self.up = nn.ConvTranspose1d(cin, cout, k, stride=2, bias=False)

    def forward(self, x):
        return self.up(x)


batch = 4
cin = 6
cout = 5
k = 3
length = 50


def get_inputs():
    return [torch.randn(batch, cin, length)]


def get_init_inputs():
    return [cin, cout, k]
