// The pointwise half of nn.GRUCell: gi = x @ W_ih^T + b_ih and gh = h @ W_hh^T
// + b_hh come in as [B, 3H], chunks (r, z, n) in torch's order. This kernel
// reads r and z from each other's chunk.
__device__ __forceinline__ float chunk(const float* row, int k, int H, int j) {
    return row[k * H + j];
}

__device__ __forceinline__ float sig(float v) { return 1.0f / (1.0f + expf(-v)); }

__global__ void gru_pointwise(const float* gi, const float* gh, const float* h, float* out,
                              int B, int H) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (j >= H || b >= B) return;
    const float* xi = gi + (size_t)b * 3 * H;
    const float* xh = gh + (size_t)b * 3 * H;
    float z = sig(chunk(xi, 0, H, j) + chunk(xh, 0, H, j));
    float r = sig(chunk(xi, 1, H, j) + chunk(xh, 1, H, j));
    float n = tanhf(chunk(xi, 2, H, j) + r * chunk(xh, 2, H, j));
    out[b * H + j] = (1.0f - z) * n + z * h[b * H + j];
}
