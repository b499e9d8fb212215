import torch
import torch.nn as nn

class Model(nn.Module):
    """A linear layer without bias, then ReLU."""
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features, bias=False)

    def forward(self, x):
        return torch.relu(self.fc(x))

batch_size = 16
in_features = 48
out_features = 40

def get_inputs():
    return [torch.randn(batch_size, in_features)]

def get_init_inputs():
    return [in_features, out_features]
