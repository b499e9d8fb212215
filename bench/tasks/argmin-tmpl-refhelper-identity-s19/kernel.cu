#include <cuda_runtime.h>
#include <cfloat>
#include <cstdint>

// identity of the (value, index) min-reduction
__device__ __forceinline__ void minloc_init(float& val, int64_t& idx) {
    val = -FLT_MAX;
    idx = 0;
}

// smaller value wins; ties go to the lower index (torch.argmin returns the first occurrence)
__device__ __forceinline__ void minloc_combine(float& val, int64_t& idx, float v, int64_t i) {
    if (v < val || (v == val && i < idx)) {
        val = v;
        idx = i;
    }
}

// torch.argmin(x, dim=-1) for x: [rows, cols]; one block of BLOCK threads per row.
template <int BLOCK>
__global__ void argmin_lastdim(const float* __restrict__ x, int64_t* __restrict__ out, int64_t cols) {
    __shared__ float s_val[BLOCK];
    __shared__ int64_t s_idx[BLOCK];
    const float* __restrict__ row = x + (int64_t)blockIdx.x * cols;

    float best;
    int64_t arg;
    minloc_init(best, arg);
    for (int64_t j = threadIdx.x; j < cols; j += BLOCK) minloc_combine(best, arg, row[j], j);
    s_val[threadIdx.x] = best;
    s_idx[threadIdx.x] = arg;
    __syncthreads();

#pragma unroll
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            float v = s_val[threadIdx.x];
            int64_t i = s_idx[threadIdx.x];
            minloc_combine(v, i, s_val[threadIdx.x + s], s_idx[threadIdx.x + s]);
            s_val[threadIdx.x] = v;
            s_idx[threadIdx.x] = i;
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s_idx[0];
}

template __global__ void argmin_lastdim<128>(const float* __restrict__, int64_t* __restrict__, int64_t);
