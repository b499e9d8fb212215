// |z|^2 of complex rows stored as planes: x is [N, 2, L] (real plane, then
// imaginary plane), out is [N, L].
__global__ void power_planes(const float* x, float* out, int L) {
    int n = blockIdx.y;
    const float* re = x + (long)n * L;
    const float* im = re + L;
    for (int l = blockIdx.x * blockDim.x + threadIdx.x; l < L; l += blockDim.x * gridDim.x)
        out[(long)n * L + l] = re[l] * re[l] + im[l] * im[l];
}
