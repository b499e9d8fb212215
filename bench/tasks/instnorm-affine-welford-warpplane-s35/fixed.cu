#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.InstanceNorm2d(C, eps, affine=True) forward (training-mode statistics):
//   y[n,c] = (x[n,c] - mean[n,c]) / sqrt(var[n,c] + eps) * gamma[c] + beta[c]
// x, y: [N, C, H, W] f32 (contiguous NCHW), gamma / beta: [C].
// One warp per (n, c) plane; PLANES_PER_BLOCK warps per block on a (32, PLANES_PER_BLOCK) block.
// Each lane keeps a Welford state over its strided share of the plane; the states are
// merged across the warp with shuffles (Chan's parallel formula), then every lane
// normalises its own elements.

#define PLANES_PER_BLOCK 4
#define FULL_MASK 0xffffffffu

// Welford state (count, mean, M2) kept in three registers.
__device__ __forceinline__ void welford_push(float& n, float& mean, float& m2, float v) {
    n += 1.0f;
    const float d = v - mean;
    mean += d / n;
    m2 += d * (v - mean);
}

// merge state b into state a (Chan et al.)
__device__ __forceinline__ void welford_combine(float& n, float& mean, float& m2,
                                                float nb, float meanb, float m2b) {
    const float nt = n + nb;
    if (nt == 0.0f) return;
    const float d = meanb - mean;
    const float wb = nb / nt;
    mean += d * wb;
    m2 += m2b + d * d * n * wb;
    n = nt;
}

__device__ __forceinline__ void warp_welford(float& n, float& mean, float& m2) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        const float nb = __shfl_xor_sync(FULL_MASK, n, off);
        const float meanb = __shfl_xor_sync(FULL_MASK, mean, off);
        const float m2b = __shfl_xor_sync(FULL_MASK, m2, off);
        welford_combine(n, mean, m2, nb, meanb, m2b);
    }
}

__global__ void instance_norm_fwd(const float* __restrict__ x,
                                  const float* __restrict__ gamma,
                                  const float* __restrict__ beta,
                                  float* __restrict__ y,
                                  int planes, int C, int HW, float eps) {
    const int lane = threadIdx.x;
    const int plane = blockIdx.x * PLANES_PER_BLOCK + threadIdx.y;
    if (plane >= planes) return;   // uniform per warp

    const size_t base = (size_t)plane * HW;
    const float* xp = x + base;
    float* yp = y + base;

    float cnt = 0.0f, mean = 0.0f, m2 = 0.0f;
    for (int i = lane; i < HW; i += 32) welford_push(cnt, mean, m2, xp[i]);
    warp_welford(cnt, mean, m2);

    const int c = plane % C;
    const float rstd = rsqrtf(m2 / cnt + eps);
    const float scale = rstd * gamma[c];
    const float shift = beta[c] - mean * scale;
    for (int i = lane; i < HW; i += 32) yp[i] = xp[i] * scale + shift;
}

torch::Tensor instance_norm(torch::Tensor x, torch::Tensor gamma, torch::Tensor beta, double eps) {
    const int N = x.size(0), C = x.size(1), HW = x.size(2) * x.size(3);
    auto y = torch::empty_like(x);
    const int planes = N * C;
    dim3 block(32, PLANES_PER_BLOCK);
    dim3 grid((planes + PLANES_PER_BLOCK - 1) / PLANES_PER_BLOCK);
    instance_norm_fwd<<<grid, block>>>(x.data_ptr<float>(), gamma.data_ptr<float>(),
                                       beta.data_ptr<float>(), y.data_ptr<float>(),
                                       planes, C, HW, (float)eps);
    return y;
}
