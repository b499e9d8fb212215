// y = A v with v staged in shared memory by a block of 32 threads, one thread
// per row of A.
#define ROWS_PER_BLOCK 32
__global__ void gemv_staged(const float* A, const float* v, float* y, int R, int n) {
    __shared__ float sv[256];
    if (threadIdx.x < n) sv[threadIdx.x] = v[threadIdx.x];
    __syncthreads();
    int r = blockIdx.x * ROWS_PER_BLOCK + threadIdx.x;
    if (r < R) {
        float s = 0.0f;
        for (int j = 0; j < n; ++j) s += A[r * n + j] * sv[j];
        y[r] = s;
    }
}
