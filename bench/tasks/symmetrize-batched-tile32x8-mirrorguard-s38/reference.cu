// Reference: one thread per output element (blockIdx.y = batch),
// y[b][r][c] = 0.5 * (x[b][r][c] + x[b][c][r]).
__global__ void symmetrize_ref(const float* x, float* y, int n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long nn = (long long)n * n;
    if (i >= nn) return;
    long long b = blockIdx.y;
    long long r = i / n, c = i % n;
    const float* xb = x + b * nn;
    y[b * nn + i] = 0.5f * (xb[r * n + c] + xb[c * n + r]);
}
