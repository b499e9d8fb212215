#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cstdint>

// nn.CrossEntropyLoss(reduction='none', ignore_index=IGN, label_smoothing=eps) forward
//   logits [N, C] f32, target [N] int64 -> loss [N] f32
//   loss_i = (1 - eps) * (lse_i - x_i[t_i]) + eps * (lse_i - mean_j x_ij),   0 where t_i == IGN
// One warp per row on a (32, ROWS_PER_BLOCK) block; all-lane xor butterflies for max and sums.

constexpr int ROWS_PER_BLOCK = 8;
constexpr unsigned FULL_MASK = 0xffffffffu;

__device__ __forceinline__ float warp_allmax(float v) {
#pragma unroll
    for (int m = 16; m > 0; m >>= 1) v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, m));
    return v;
}

__device__ __forceinline__ float warp_allsum(float v) {
#pragma unroll
    for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(FULL_MASK, v, m);
    return v;
}

__global__ void cross_entropy_ls_kernel(const float* __restrict__ logits,
                                        const int64_t* __restrict__ target,
                                        float* __restrict__ loss,
                                        int N, int C, int64_t ignore_index, float eps) {
    const int lane = threadIdx.x;
    const int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.y;
    if (row >= N) return;  // the whole warp leaves together

    const float* xr = logits + (size_t)row * C;

    float m = -INFINITY, sx = 0.0f;
    for (int j = lane; j < C; j += 32) {
        const float v = xr[j];
        m = fmaxf(m, v);
        sx += v;
    }
    m = warp_allmax(m);
    sx = warp_allsum(sx);

    float se = 0.0f;
    for (int j = lane; j < C; j += 32) se += __expf(xr[j] - m);
    se = warp_allsum(se);

    if (lane == 0) {
        const int64_t t = target[row];
        if (t == ignore_index) {
            loss[row] = 0.0f;
            return;
        }
        const float lse = m + logf(se);
        const float inv_c = 1 / C;
        const float nll = lse - logits[t];
        const float smooth = lse - sx * inv_c;
        loss[row] = (1.0f - eps) * nll + eps * smooth;
    }
}

torch::Tensor cross_entropy_ls(torch::Tensor logits, torch::Tensor target, int64_t ignore_index,
                               double label_smoothing) {
    const int N = logits.size(0), C = logits.size(1);
    auto loss = torch::empty({N}, logits.options());
    dim3 block(32, ROWS_PER_BLOCK);
    dim3 grid((N + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
    cross_entropy_ls_kernel<<<grid, block>>>(logits.data_ptr<float>(), target.data_ptr<int64_t>(),
                                             loss.data_ptr<float>(), N, C, ignore_index,
                                             (float)label_smoothing);
    return loss;
}
