#include <cuda_runtime.h>

// Mean of the unmasked entries of each row of an integer matrix (e.g. average token label).
// One warp-sized block per row; thread 0 combines the partial sums.
__global__ void masked_row_mean(const int* __restrict__ vals, const int* __restrict__ mask,
                                float* __restrict__ mean, int cols) {
    __shared__ int s_sum[32];
    __shared__ int s_cnt[32];
    const int row = blockIdx.x;
    const int t = threadIdx.x;
    int sum = 0, count = 0;
    for (int c = t; c < cols; c += blockDim.x) {
        if (mask[row * cols + c] != 0) {
            sum += vals[row * cols + c];
            count += 1;
        }
    }
    s_sum[t] = sum;
    s_cnt[t] = count;
    __syncthreads();
    if (t == 0) {
        int total = 0, n = 0;
        for (int k = 0; k < blockDim.x; ++k) { total += s_sum[k]; n += s_cnt[k]; }
        mean[row] = n > 0 ? (float)total / n : 0.0f;
    }
}
