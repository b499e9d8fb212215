#include <torch/extension.h>
#include <cuda_runtime.h>

// Reverse cumulative sum along the last dim:
//   y = torch.flip(torch.cumsum(torch.flip(x, [-1]), -1), [-1]),  i.e. y[r, j] = sum_{k >= j} x[r, k]
// x, y [R, L]. One block per row. The row is walked in chunks of SCAN_THREADS from its end
// towards its start; each chunk is loaded reversed into shared memory (thread t holds
// element hi - 1 - t), scanned with a double-buffered Hillis-Steele scan, and offset by the
// running carry (the total of every chunk to its right).

#define SCAN_THREADS 128

__global__ void reverse_cumsum_kernel(const float* __restrict__ x, float* __restrict__ y, int L) {
    __shared__ float buf[2][SCAN_THREADS];
    const int t = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * L;
    float* yr = y + (size_t)blockIdx.x * L;

    float carry = 0.0f;
    for (int hi = L; hi > 0; hi -= SCAN_THREADS) {
        const int lo = max(hi - SCAN_THREADS, 0);
        const int j = hi - 1 - t;  // column held by this thread in this chunk

        buf[0][t] = (j > lo) ? xr[j] : 0.0f;
        __syncthreads();

        int src = 0;
        for (int off = 1; off < SCAN_THREADS; off <<= 1) {
            const int dst = src ^ 1;
            buf[dst][t] = buf[src][t] + (t >= off ? buf[src][t - off] : 0.0f);
            __syncthreads();
            src = dst;
        }

        if (j >= lo) yr[j] = buf[src][t] + carry;
        carry += buf[src][SCAN_THREADS - 1];  // chunk total
        __syncthreads();
    }
}

torch::Tensor reverse_cumsum(torch::Tensor x) {
    auto xc = x.contiguous();
    const int L = xc.size(-1);
    const int R = xc.numel() / L;
    auto y = torch::empty_like(xc);
    reverse_cumsum_kernel<<<R, SCAN_THREADS>>>(xc.data_ptr<float>(), y.data_ptr<float>(), L);
    return y;
}
