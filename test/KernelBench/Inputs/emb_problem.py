import torch
import torch.nn as nn


class Model(nn.Module):
    """Embedding lookup."""

    def __init__(self, num_embeddings, embedding_dim):
        super().__init__()
        self.table = nn.Embedding(num_embeddings, embedding_dim)

    def forward(self, idx):
        return self.table(idx)


batch = 16
seq = 24
num_embeddings = 1000
embedding_dim = 96


def get_inputs():
    return [torch.randint(0, num_embeddings, (batch, seq))]


def get_init_inputs():
    return [num_embeddings, embedding_dim]
