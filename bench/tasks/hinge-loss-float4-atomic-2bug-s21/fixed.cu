#include <cuda_runtime.h>

// torch.mean(torch.clamp(1 - predictions * targets, min=0)) -> scalar loss.
// float4 grid-stride body + scalar tail, warp xor-shuffle + shared partials per block,
// one atomicAdd of (block sum / n) per block into *loss (zeroed by the host).
// Dynamic shared memory: one float per warp (BLOCK / 32 * sizeof(float) bytes).
#define BLOCK 128

__device__ __forceinline__ float hinge(float p, float t) {
    return fmaxf(1.0f - p * t, 0.0f);
}

__device__ __forceinline__ float warp_allreduce(float v) {
#pragma unroll
    for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
    return v;
}

__global__ void hinge_loss_mean(const float* __restrict__ pred, const float* __restrict__ tgt,
                                float* __restrict__ loss, int n, float inv_n) {
    extern __shared__ float warp_part[];
    const int tid = blockIdx.x * BLOCK + threadIdx.x;
    const int n4 = n >> 2;
    const float4* p4 = reinterpret_cast<const float4*>(pred);
    const float4* t4 = reinterpret_cast<const float4*>(tgt);

    float s = 0.0f;
    for (int i = tid; i < n4; i += BLOCK * gridDim.x) {
        const float4 p = p4[i], t = t4[i];
        s += hinge(p.x, t.x) + hinge(p.y, t.y) + hinge(p.z, t.z) + hinge(p.w, t.w);
    }
    for (int i = (n4 << 2) + tid; i < n; i += BLOCK * gridDim.x) s += hinge(pred[i], tgt[i]);

    s = warp_allreduce(s);
    if ((threadIdx.x & 31) == 0) warp_part[threadIdx.x >> 5] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        float b = 0.0f;
        for (int w = 0; w < BLOCK / 32; ++w) b += warp_part[w];
        atomicAdd(loss, b * inv_n);
    }
}
