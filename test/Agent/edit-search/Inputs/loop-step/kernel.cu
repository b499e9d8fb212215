// Row dot products y[r] = A[r, :] . v; the candidate steps k by a tile width
// (16) although it never tiles the loop.
__global__ void rowdot(const float* __restrict__ A, const float* __restrict__ v,
                       float* __restrict__ y, int R, int K) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= R) return;
    float s = 0.f;
    for (int k = 0; k < K; k += 16) {
        s += A[r * K + k] * v[k];
    }
    y[r] = s;
}
