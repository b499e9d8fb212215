// Per-row top-1 / top-2 margin of log-probabilities:
//   v = torch.topk(logp, 2, dim=-1).values;  margin = v[:, 0] - v[:, 1]
// logp: [R, C] float32 (rows of log_softmax output), margin: [R].
// One warp per row, ROWS_PER_BLOCK warps per block. Each lane keeps its own best two
// values, then the pairs are merged across the warp with an xor butterfly.

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

#define WARP_SIZE 32
#define ROWS_PER_BLOCK 8

// running pair (first >= second): the largest and second largest values seen so far
__device__ __forceinline__ void top2_init(float& first, float& second) {
    first = 0.0f;
    second = 0.0f;
}

__device__ __forceinline__ void top2_push(float& first, float& second, float v) {
    if (v > first) {
        second = first;
        first = v;
    } else if (v > second) {
        second = v;
    }
}

// merge another lane's pair (of, os) into (first, second)
__device__ __forceinline__ void top2_merge(float& first, float& second, float of, float os) {
    const float lo = fminf(first, of);
    first = fmaxf(first, of);
    second = fmaxf(lo, fmaxf(second, os));
}

template <int WIDTH>
__device__ __forceinline__ void warp_top2(float& first, float& second) {
#pragma unroll
    for (int off = WIDTH / 2; off > 0; off >>= 1) {
        const float of = __shfl_xor_sync(0xffffffffu, first, off);
        const float os = __shfl_xor_sync(0xffffffffu, second, off);
        top2_merge(first, second, of, os);
    }
}

__global__ void top2_margin_kernel(const float* __restrict__ logp, float* __restrict__ margin,
                                   int rows, int cols) {
    const int warp = threadIdx.x / WARP_SIZE;
    const int lane = threadIdx.x % WARP_SIZE;
    const int row = blockIdx.x * ROWS_PER_BLOCK + warp;
    if (row >= rows) return;

    const float* src = logp + (size_t)row * cols;
    float first, second;
    top2_init(first, second);
    for (int c = lane; c < cols; c += WARP_SIZE) top2_push(first, second, src[c]);
    warp_top2<WARP_SIZE>(first, second);
    if (lane == 0) margin[row] = first - second;
}

torch::Tensor top2_margin(torch::Tensor logp) {
    TORCH_CHECK(logp.is_cuda() && logp.dim() == 2 && logp.is_contiguous(), "logp: contiguous 2-D CUDA");
    TORCH_CHECK(logp.size(1) >= 2, "need at least two columns");
    const int rows = (int)logp.size(0), cols = (int)logp.size(1);
    auto margin = torch::empty({rows}, logp.options());
    dim3 block(WARP_SIZE * ROWS_PER_BLOCK);
    dim3 grid((rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
    top2_margin_kernel<<<grid, block>>>(logp.data_ptr<float>(), margin.data_ptr<float>(), rows, cols);
    return margin;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("top2_margin", &top2_margin, "top-1 minus top-2 per row");
}
