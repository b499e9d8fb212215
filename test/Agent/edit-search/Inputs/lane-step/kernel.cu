// y = A v for a dense [R, n] matrix, four lanes per row, combined with shuffles.
#define LANES 4
__global__ void gemv_quad(const float* A, const float* v, float* y, int R, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int row = t / LANES;
    int lane = t % LANES;
    float s = 0.0f;
    if (row < R)
        for (int j = lane; j < n; j += 32)
            s += A[row * n + j] * v[j];
    s += __shfl_xor_sync(0xffffffff, s, 2);
    s += __shfl_xor_sync(0xffffffff, s, 1);
    if (row < R && lane == 0) y[row] = s;
}
