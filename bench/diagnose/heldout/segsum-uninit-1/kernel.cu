// Per-row segment sums: out[r][k] = sum of x[r][c] over the columns whose label is k.
// One block per row; block-private bins in shared memory.
constexpr int NBINS = 8;

__global__ void segment_sum_rows(const float *x, const int *labels, float *out, int cols)
{
    __shared__ float bins[NBINS];
    size_t base = (size_t)blockIdx.x * cols;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        atomicAdd(&bins[labels[base + c]], x[base + c]);
    __syncthreads();
    if (threadIdx.x < NBINS)
        out[blockIdx.x * NBINS + threadIdx.x] = bins[threadIdx.x];
}
