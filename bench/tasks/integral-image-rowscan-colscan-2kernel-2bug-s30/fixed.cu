#include <torch/extension.h>
#include <cuda_runtime.h>

// Integral image (summed-area table) of a batch of images:
//   y = x.cumsum(dim=-1).cumsum(dim=-2)        x, y: [B, H, W] float32
// Pass 1 (row_scan_kernel): one block per image row; the row is scanned BLOCK elements at a
//   time with a Hillis-Steele scan in shared memory plus a running carry between chunks.
// Pass 2 (col_scan_kernel): in place on y, one thread per (image, column) walking down the
//   rows (neighbouring threads touch neighbouring columns, so the accesses coalesce).

template <int BLOCK>
__global__ void row_scan_kernel(const float* __restrict__ x, float* __restrict__ y, int W) {
    __shared__ float buf[BLOCK];
    const int t = threadIdx.x;
    const float* __restrict__ xr = x + (size_t)blockIdx.x * W;
    float* __restrict__ yr = y + (size_t)blockIdx.x * W;

    float carry = 0.0f;
    for (int base = 0; base < W; base += BLOCK) {
        const int i = base + t;
        buf[t] = (i < W) ? xr[i] : 0.0f;
        __syncthreads();
        for (int off = 1; off < BLOCK; off <<= 1) {
            const float add = (t >= off) ? buf[t - off] : 0.0f;
            __syncthreads();
            buf[t] += add;
            __syncthreads();
        }
        if (i < W) yr[i] = buf[t] + carry;
        carry += buf[BLOCK - 1];
        __syncthreads();  // everyone has read buf[BLOCK-1] before the next chunk overwrites it
    }
}

__global__ void col_scan_kernel(float* __restrict__ y, int H, int W) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int b = blockIdx.y;
    if (c >= W) return;
    float* __restrict__ col = y + (size_t)b * H * W + c;
    float run = 0.0f;
    for (int r = 0; r < H; ++r) {
        run += col[(size_t)r * W];
        col[(size_t)r * W] = run;
    }
}

torch::Tensor integral_image(torch::Tensor x) {
    const int B = x.size(0), H = x.size(1), W = x.size(2);
    auto y = torch::empty_like(x);
    row_scan_kernel<256><<<B * H, 256>>>(x.data_ptr<float>(), y.data_ptr<float>(), W);
    dim3 grid((W + 127) / 128, B);
    col_scan_kernel<<<grid, 128>>>(y.data_ptr<float>(), H, W);
    return y;
}
