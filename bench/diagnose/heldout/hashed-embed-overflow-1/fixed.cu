// Hashed embedding lookup: row of the table = (id * 100003 + 7) mod T, then copy D floats.
// 2-D launch: x over the embedding dimension, y over the tokens.
__global__ void hashed_embedding(const int *ids, const float *table, float *out,
                                 int T, int D, int ntok)
{
    int d = blockIdx.x * blockDim.x + threadIdx.x;
    int tok = blockIdx.y * blockDim.y + threadIdx.y;
    if (d >= D || tok >= ntok) return;
    int id = ids[tok];
    long long row = ((long long)id * 100003 + 7) % T;
    out[(long long)tok * D + d] = table[row * D + d];
}
