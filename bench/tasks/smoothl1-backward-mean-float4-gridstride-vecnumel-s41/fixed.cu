// Backward of F.smooth_l1_loss(pred, target, reduction="mean", beta) w.r.t. pred:
//   d = pred - target
//   grad_pred = grad_loss * (|d| < beta ? d / beta : sign(d)) / numel
// pred, target, grad_pred: [B, D] float32 (flat, numel = B * D); grad_loss: [1] float32.
//
// float4 grid-stride loop over the first numel / 4 groups (grid capped), then a scalar loop
// for the numel % 4 tail elements.

#include <cuda_runtime.h>

#define SL1_THREADS 256

__device__ __forceinline__ float sl1_grad(float p, float t, float beta, float inv_beta) {
    const float d = p - t;
    if (d < -beta) return -1.0f;
    if (d > beta) return 1.0f;
    return d * inv_beta;
}

__global__ void smooth_l1_backward_f4(const float* __restrict__ pred, const float* __restrict__ target,
                                      const float* __restrict__ grad_loss, float* __restrict__ grad_pred,
                                      int numel, float beta) {
    const int n4 = numel >> 2;
    const float inv_beta = 1.0f / beta;
    const float scale = __ldg(grad_loss) / (float)numel;

    const float4* p4 = reinterpret_cast<const float4*>(pred);
    const float4* t4 = reinterpret_cast<const float4*>(target);
    float4* g4 = reinterpret_cast<float4*>(grad_pred);

    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        const float4 p = p4[i];
        const float4 t = t4[i];
        float4 g;
        g.x = scale * sl1_grad(p.x, t.x, beta, inv_beta);
        g.y = scale * sl1_grad(p.y, t.y, beta, inv_beta);
        g.z = scale * sl1_grad(p.z, t.z, beta, inv_beta);
        g.w = scale * sl1_grad(p.w, t.w, beta, inv_beta);
        g4[i] = g;
    }

    // tail: numel % 4 elements, handled by the first threads of the grid
    const int tail = (n4 << 2) + blockIdx.x * blockDim.x + threadIdx.x;
    if (tail < numel)
        grad_pred[tail] = scale * sl1_grad(pred[tail], target[tail], beta, inv_beta);
}
