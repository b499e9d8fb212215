// Weighted NLL loss, reduction='mean' with ignore_index:
//   loss = sum_i w[t_i] * -logp[i, t_i] / sum_i w[t_i]   over rows with t_i != ignore_index
// Deterministic single-block two-pass reduction: pass 1 walks the rows in
// chunks of kChunk and leaves one (num, den) partial per chunk in a workspace,
// pass 2 folds the partials.  No atomics, no grid-wide sync.
#include <cuda_runtime.h>
#include <stdint.h>

namespace nll {

constexpr int kThreads = 256;
constexpr int kItems = 4;
constexpr int kChunk = kThreads * kItems;
constexpr unsigned kFull = 0xffffffffu;

__device__ __forceinline__ float2 warp_sum2(float2 v) {
    float a = v.x, b = v.y;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        a += __shfl_xor_sync(kFull, a, o);
        b += __shfl_xor_sync(kFull, b, o);
    }
    return make_float2(a, b);
}

// Block-wide (num, den) sum, valid in every thread; red[0..63] (nums, then
// dens) is reusable on return.
__device__ __forceinline__ float2 block_sum2(float2 v, float* red) {
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    v = warp_sum2(v);
    if (lane == 0) {
        red[wid] = v.x;
        red[32 + wid] = v.y;
    }
    __syncthreads();
    const bool has = lane < (int)(blockDim.x >> 5);
    v = make_float2(has ? red[lane] : 0.f, has ? red[32 + lane] : 0.f);
    v = warp_sum2(v);
    __syncthreads();
    return v;
}

}  // namespace nll

// reduction='none' flavour (per-row weighted loss), not used by this task
__global__ void nll_loss_none(const float* __restrict__ logp, const int64_t* __restrict__ target,
                              const float* __restrict__ weight, float* __restrict__ loss, int n, int C,
                              int64_t ignore_index) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) return;
    const int64_t t = target[r];
    loss[r] = (t == ignore_index) ? 0.f : -weight[t] * logp[(size_t)r * C + t];
}

__global__ void __launch_bounds__(nll::kThreads)
nll_loss_mean_2pass(const float* __restrict__ logp, const int64_t* __restrict__ target,
                    const float* __restrict__ weight, float* __restrict__ partials, float* __restrict__ out,
                    int n, int C, int64_t ignore_index) {
    __shared__ float red[64];
    const int nchunks = (n + nll::kChunk - 1) / nll::kChunk;

    // pass 1: one (num, den) partial per chunk
    for (int chunk = 0; chunk < nchunks; ++chunk) {
        float2 acc = make_float2(0.f, 0.f);
        const int row0 = chunk * nll::kChunk;
#pragma unroll
        for (int it = 0; it < nll::kItems; ++it) {
            const int r = row0 + it * nll::kThreads + threadIdx.x;
            if (r < n) {
                const int64_t t = __ldg(target + r);
                if (t != ignore_index) {
                    const float w = __ldg(weight + t);
                    acc.x = fmaf(-w, __ldg(logp + (size_t)r * C + t), acc.x);
                    acc.y += w;
                }
            }
        }
        const float2 tot = nll::block_sum2(acc, red);
        if (threadIdx.x == 0) {
            partials[2 * chunk] = tot.x;
            partials[2 * chunk + 1] = tot.y;
        }
    }
    __syncthreads();

    // pass 2: fold the partials
    float2 p = make_float2(0.f, 0.f);
    for (int k = threadIdx.x; k < nchunks; k += blockDim.x) {
        p.x += partials[2 * k];
        p.y += partials[2 * k + 1];
    }
    const float2 tot = nll::block_sum2(p, red);
    if (threadIdx.x == 0) out[0] = tot.x / tot.y;
}
