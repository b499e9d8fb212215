// torch.tril on a batch of square matrices: keep j <= i + diag, zero the rest.
// 16x16 blocks, blockIdx.z over the batch.
template <typename scalar_t>
__global__ void tril_kernel(const scalar_t *in, scalar_t *out, int n, int diag)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= n || j >= n) return;
    size_t off = (size_t)blockIdx.z * n * n + (size_t)i * n + j;
    out[off] = (j < i + diag) ? in[off] : scalar_t(0);
}

template __global__ void tril_kernel<float>(const float *, float *, int, int);
