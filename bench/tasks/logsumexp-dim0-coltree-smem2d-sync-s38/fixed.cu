// torch.logsumexp(x, dim=0) on a 2-D tensor: x [R, C] float32 -> out [C]
// Column-parallel: each block owns 32 adjacent columns and 8 row lanes (block = 32 x 8).
// Every thread keeps an online (max, scaled sum) pair over rows ty, ty+8, ty+16, ...;
// the 8 pairs of a column are then merged with a tree in shared memory.

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

#define COLS_PER_BLOCK 32
#define ROW_LANES 8

// add one value to a running (m, s) pair: s = sum exp(v - m)
__device__ __forceinline__ void lse_push(float& m, float& s, float v) {
    if (v > m) {
        s = s * expf(m - v) + 1.0f;
        m = v;
    } else {
        s += expf(v - m);
    }
}

// merge another pair (om, os) into (m, s)
__device__ __forceinline__ void lse_merge(float& m, float& s, float om, float os) {
    if (om == -INFINITY) return;
    if (m == -INFINITY) {
        m = om;
        s = os;
        return;
    }
    const float nm = fmaxf(m, om);
    s = s * expf(m - nm) + os * expf(om - nm);
    m = nm;
}

__global__ void logsumexp_dim0_kernel(const float* __restrict__ x, float* __restrict__ out,
                                      int rows, int cols) {
    __shared__ float s_max[ROW_LANES][COLS_PER_BLOCK + 1];
    __shared__ float s_sum[ROW_LANES][COLS_PER_BLOCK + 1];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int col = blockIdx.x * COLS_PER_BLOCK + tx;

    float m = -INFINITY, s = 0.0f;
    if (col < cols) {
        for (int r = ty; r < rows; r += ROW_LANES) lse_push(m, s, x[(size_t)r * cols + col]);
    }
    s_max[ty][tx] = m;
    s_sum[ty][tx] = s;
    __syncthreads();

#pragma unroll
    for (int stride = ROW_LANES / 2; stride > 0; stride >>= 1) {
        if (ty < stride) {
            lse_merge(m, s, s_max[ty + stride][tx], s_sum[ty + stride][tx]);
            s_max[ty][tx] = m;
            s_sum[ty][tx] = s;
        }
        __syncthreads();
    }

    if (ty == 0 && col < cols) out[col] = m + logf(s);
}

torch::Tensor logsumexp_dim0(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 2 && x.is_contiguous(), "x: contiguous 2-D CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat, "x: float32");
    const int rows = (int)x.size(0), cols = (int)x.size(1);
    auto out = torch::empty({cols}, x.options());
    dim3 block(COLS_PER_BLOCK, ROW_LANES);
    dim3 grid((cols + COLS_PER_BLOCK - 1) / COLS_PER_BLOCK);
    logsumexp_dim0_kernel<<<grid, block>>>(x.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("logsumexp_dim0", &logsumexp_dim0, "logsumexp over dim 0");
}
