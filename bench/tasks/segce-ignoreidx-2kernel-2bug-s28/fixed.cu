#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cfloat>

// Semantic-segmentation cross entropy:
//   F.cross_entropy(logits, target, ignore_index=ignore_index, reduction='mean')
// logits: [N, C, H, W] float, target: [N, H, W] int64.  The class scores of pixel p of
// image n sit at logits[n][c][p], i.e. with a stride of P = H * W between classes.
// 'mean' divides by the number of pixels whose target is not ignore_index.
//
// Pass 1 (seg_ce_partial): grid-stride over the N * P pixels, per-thread (loss, count),
//   shared-memory tree over the block, one atomicAdd pair per block into ws[0..1].
// Pass 2 (seg_ce_finalize): loss = ws[0] / ws[1].

constexpr int kThreads = 256;

__device__ __forceinline__ float pixel_nll(const float* __restrict__ xp, int C, int P, int t) {
    // xp points at class 0 of the pixel; class c is at xp[c * P]
    float m = -FLT_MAX;
    for (int c = 0; c < C; ++c) m = fmaxf(m, xp[(size_t)c * P]);
    float s = 0.0f;
    for (int c = 0; c < C; ++c) s += __expf(xp[(size_t)c * P] - m);
    return __logf(s) + m - xp[(size_t)t * P];
}

__global__ void seg_ce_partial(const float* __restrict__ logits,
                               const int64_t* __restrict__ target,
                               float* __restrict__ ws,
                               int N, int C, int P, int ignore_index) {
    __shared__ float s_loss[kThreads];
    __shared__ float s_cnt[kThreads];

    float loss = 0.0f, cnt = 0.0f;
    const int total = N * P;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < total; i += blockDim.x * gridDim.x) {
        const int n = i / P;
        const int p = i - n * P;
        const int t = static_cast<int>(target[i]);
        if (t == ignore_index) continue;
        cnt += 1.0f;
        loss += pixel_nll(logits + (size_t)n * C * P + p, C, P, t);
    }

    s_loss[threadIdx.x] = loss;
    s_cnt[threadIdx.x] = cnt;
    __syncthreads();
    for (int s = kThreads / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            s_loss[threadIdx.x] += s_loss[threadIdx.x + s];
            s_cnt[threadIdx.x] += s_cnt[threadIdx.x + s];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        atomicAdd(&ws[0], s_loss[0]);
        atomicAdd(&ws[1], s_cnt[0]);
    }
}

__global__ void seg_ce_finalize(const float* __restrict__ ws, float* __restrict__ out) {
    if (blockIdx.x == 0 && threadIdx.x == 0) out[0] = ws[0] / ws[1];
}

torch::Tensor seg_cross_entropy(torch::Tensor logits, torch::Tensor target, int64_t ignore_index) {
    const int N = logits.size(0), C = logits.size(1);
    const int P = logits.size(2) * logits.size(3);
    auto ws = torch::zeros({2}, logits.options());
    auto out = torch::empty({}, logits.options());
    int blocks = (N * P + kThreads - 1) / kThreads;
    if (blocks > 48) blocks = 48;
    seg_ce_partial<<<blocks, kThreads>>>(logits.data_ptr<float>(), target.data_ptr<int64_t>(),
                                         ws.data_ptr<float>(), N, C, P, (int)ignore_index);
    seg_ce_finalize<<<1, 32>>>(ws.data_ptr<float>(), out.data_ptr<float>());
    return out;
}
