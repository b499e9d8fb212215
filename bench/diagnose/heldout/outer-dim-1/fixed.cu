// Outer product with bias: out[i][j] = a[i] * b[j] + bias, 16x16 blocks.
__global__ void outer_bias(const float *a, const float *b, float *out, int M, int N, float bias)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < M && j < N)
        out[i * N + j] = a[i] * b[j] + bias;
}
