import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Embedding lookup: (batch, seq) int64 token ids -> (batch, seq, embedding_dim).
    """
    def __init__(self, num_embeddings: int, embedding_dim: int):
        super(Model, self).__init__()
        self.embedding = nn.Embedding(num_embeddings, embedding_dim)

    def forward(self, indices: torch.Tensor) -> torch.Tensor:
        return self.embedding(indices)


batch_size = 32
seq_len = 128
num_embeddings = 16384
embedding_dim = 512


def get_inputs():
    indices = torch.randint(0, num_embeddings, (batch_size, seq_len))
    return [indices]


def get_init_inputs():
    return [num_embeddings, embedding_dim]
