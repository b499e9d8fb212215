#include <cuda_runtime.h>
#include <cuda_bf16.h>

// Row-wise KL divergence as F.kl_div(log_q, p, reduction="none").sum(-1):
//   out[r] = sum_c p[r,c] * (log p[r,c] - log_q[r,c])
// bf16 inputs, f32 output, acc_t accumulators. One block of KL_THREADS threads per row.
#define KL_THREADS 64
typedef float acc_t;

__device__ __forceinline__ float kl_term(__nv_bfloat16 p_b, __nv_bfloat16 lq_b) {
    const float p = __bfloat162float(p_b);
    const float lq = __bfloat162float(lq_b);
    return p > 0.0f ? p * (__logf(p) - lq) : 0.0f;
}

__global__ void kl_div_rows_bf16(const __nv_bfloat16* __restrict__ log_q,
                                 const __nv_bfloat16* __restrict__ p,
                                 float* __restrict__ out, int cols) {
    __shared__ float partial[KL_THREADS];
    const size_t off = (size_t)blockIdx.x * cols;

    acc_t acc = acc_t(0.0f);
    for (int c = threadIdx.x; c < cols; c += KL_THREADS)
        acc += acc_t(kl_term(p[off + c], log_q[off + c]));
    partial[threadIdx.x] = float(acc);
    __syncthreads();

    for (int s = KL_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}
