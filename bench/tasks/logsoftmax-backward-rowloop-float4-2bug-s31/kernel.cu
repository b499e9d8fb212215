#include <torch/extension.h>
#include <cuda_runtime.h>

// Backward of y = log_softmax(x, dim=-1) for a [rows, cols] float tensor:
//   grad_in = grad_out - exp(y) * sum(grad_out, dim=-1, keepdim=True)
// A block loops over rows (grid-stride, the grid is capped); each row is read as float4 when
// cols % 4 == 0 (16-byte aligned rows), with a scalar loop otherwise.

#define BLOCK 256
#define NWARPS (BLOCK / 32)

__device__ __forceinline__ float warp_reduce_sum(float v) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    return v;
}

// Block-wide sum, returned to every thread. red must hold NWARPS floats.
__device__ float block_reduce_sum(float v, float* red) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = warp_reduce_sum(v);
    if (lane == 0) red[warp] = v;
    __syncthreads();
    float t = (lane < NWARPS) ? red[lane] : 0.0f;
    t = warp_reduce_sum(t);
    __syncthreads();  // everyone has read red[] before the caller reuses it
    return t;
}

__global__ void log_softmax_backward_kernel(const float* __restrict__ grad_out,
                                            const float* __restrict__ out,
                                            float* __restrict__ grad_in,
                                            int rows, int cols) {
    __shared__ float red[NWARPS];
    const bool vec = (cols & 3) == 0;
    float acc = 0.0f;

    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        const float* __restrict__ g = grad_out + (size_t)row * cols;
        const float* __restrict__ y = out + (size_t)row * cols;
        float* __restrict__ gi = grad_in + (size_t)row * cols;

        if (vec) {
            const float4* g4 = reinterpret_cast<const float4*>(g);
            for (int q = threadIdx.x; q < (cols >> 2); q += BLOCK) {
                const float4 v = g4[q];
                acc += (v.x + v.y) + (v.z + v.w);
            }
        } else {
            for (int i = threadIdx.x; i < cols; i += BLOCK) acc += g[i];
        }
        const float s = block_reduce_sum(acc, red);

        if (vec) {
            const float4* g4 = reinterpret_cast<const float4*>(g);
            const float4* y4 = reinterpret_cast<const float4*>(y);
            float4* o4 = reinterpret_cast<float4*>(gi);
            for (int q = threadIdx.x; q < (cols >> 2); q += BLOCK) {
                const float4 gv = g4[q], yv = y4[q];
                float4 r;
                r.x = gv.x - __expf(yv.x) * s;
                r.y = gv.y - __expf(yv.y) * s;
                r.z = gv.z - __expf(yv.z) * s;
                r.w = gv.w - __expf(yv.z) * s;
                o4[q] = r;
            }
        } else {
            for (int i = threadIdx.x; i < cols; i += BLOCK) gi[i] = g[i] - __expf(y[i]) * s;
        }
    }
}

torch::Tensor log_softmax_backward(torch::Tensor grad_out, torch::Tensor out) {
    const int cols = out.size(-1);
    const int rows = out.numel() / cols;
    auto grad_in = torch::empty_like(grad_out);
    const int blocks = rows < 64 ? rows : 64;
    log_softmax_backward_kernel<<<blocks, BLOCK>>>(grad_out.data_ptr<float>(), out.data_ptr<float>(),
                                                   grad_in.data_ptr<float>(), rows, cols);
    return grad_in;
}
