// y = A x, A row-major R x N: a block of 4 rows x 32 threads stages 32
// entries of x at a time in shared memory. The loop that consumes the chunk
// has a one-statement body, and the barrier that should follow it (before
// the next chunk overwrites xs) is missing.
__global__ void matvec_chunks(const float* A, const float* x, float* y, int R, int N) {
    __shared__ float xs[32];
    const int row = blockIdx.x * 4 + threadIdx.y;
    float acc = 0.0f;
    for (int c0 = 0; c0 < N; c0 += 32) {
        if (threadIdx.y == 0)
            xs[threadIdx.x] = (c0 + threadIdx.x < N) ? x[c0 + threadIdx.x] : 0.0f;
        __syncthreads();
        if (row < R && threadIdx.x == 0)
            for (int k = 0; k < 32 && c0 + k < N; ++k)
                acc += A[row * N + c0 + k] * xs[k];
    }
    if (row < R && threadIdx.x == 0) y[row] = acc;
}
