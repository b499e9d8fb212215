#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// Attention probabilities of causal self-attention:
//   P[b, h] = softmax(Q[b, h] @ K[b, h]^T * scale + causal_mask, dim=-1)
// Q, K [B, H, T, D] half (D even), P [B, H, T, T] f32 (masked entries written as 0).
// One block of ATT_THREADS threads per (query row i, b*h); threads stride over the key
// positions j <= i, half2 dot products accumulated in float, block max and block sum
// through one shared scratch array.

#define ATT_THREADS 64

__device__ __forceinline__ float dot_half2(const __half* __restrict__ a, const __half* __restrict__ b, int D) {
    const __half2* a2 = reinterpret_cast<const __half2*>(a);
    const __half2* b2 = reinterpret_cast<const __half2*>(b);
    float s = 0.0f;
    for (int d = 0; d < D / 2; ++d) {
        const float2 fa = __half22float2(a2[d]);
        const float2 fb = __half22float2(b2[d]);
        s += fa.x * fb.x + fa.y * fb.y;
    }
    return s;
}

// all threads get the result; red is reused by consecutive calls
template <bool IS_MAX>
__device__ float block_allreduce(float v, float* red) {
    const int tid = threadIdx.x;
    red[tid] = v;
    __syncthreads();
    for (int s = ATT_THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = IS_MAX ? fmaxf(red[tid], red[tid + s]) : red[tid] + red[tid + s];
        __syncthreads();
    }
    const float r = red[0];
    __syncthreads();
    return r;
}

__global__ void causal_attn_probs_kernel(const __half* __restrict__ Q, const __half* __restrict__ K,
                                         float* __restrict__ P, int T, int D, float scale) {
    __shared__ float red[ATT_THREADS];
    const int i = blockIdx.x;
    const size_t bh = blockIdx.y;
    const int tid = threadIdx.x;
    const __half* q = Q + (bh * T + i) * D;
    const __half* kb = K + bh * T * D;
    float* prow = P + (bh * T + i) * T;

    float m = -INFINITY;
    for (int j = tid; j <= i; j += ATT_THREADS) m = fmaxf(m, dot_half2(q, kb + (size_t)j * D, D) * scale);
    m = block_allreduce<true>(m, red);

    float s = 0.0f;
    for (int j = tid; j <= i; j += ATT_THREADS) s += __expf(dot_half2(q, kb + (size_t)j * D, D) * scale - m);
    s = block_allreduce<false>(s, red);

    const float inv = 1.0f / s;
    for (int j = tid; j < T; j += ATT_THREADS)
        prow[j] = (j <= i) ? __expf(dot_half2(q, kb + (size_t)j * D, D) * scale - m) * inv : 0.0f;
}

torch::Tensor causal_attn_probs(torch::Tensor Q, torch::Tensor K) {
    const int B = Q.size(0), H = Q.size(1), T = Q.size(2), D = Q.size(3);
    auto P = torch::empty({B, H, T, T}, Q.options().dtype(torch::kFloat32));
    dim3 grid(T, B * H);
    causal_attn_probs_kernel<<<grid, ATT_THREADS>>>(
        reinterpret_cast<const __half*>(Q.data_ptr<at::Half>()),
        reinterpret_cast<const __half*>(K.data_ptr<at::Half>()),
        P.data_ptr<float>(), T, D, 1.0f / sqrtf((float)D));
    return P;
}
