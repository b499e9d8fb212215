#include <torch/extension.h>
#include <cuda_runtime.h>

// KLDivLoss: torch.nn.functional.kl_div(torch.log(predictions), targets, reduction='batchmean')
// The Python side passes log(predictions); the kernel computes
//     sum_i  t_i * (log t_i - logp_i)   (xlogy convention: 0 where t_i == 0)
// with a grid-stride loop, a warp-shuffle + shared-memory block reduction and one
// atomicAdd per block into a zero-initialised scalar.

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

__device__ __forceinline__ float warp_sum(float v) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
    return v;
}

__global__ void kl_div_batchmean_kernel(const float* __restrict__ log_pred,
                                        const float* __restrict__ target,
                                        float* __restrict__ out,
                                        const int batch, const int dim) {
    __shared__ float warp_partials[kWarps];
    const int n = batch * dim;

    float local = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        const float t = target[i];
        if (t > 0.0f) local += t * (__logf(t) - log_pred[i]);
    }

    local = warp_sum(local);
    const int lane = threadIdx.x & 31;
    const int wid = threadIdx.x >> 5;
    if (lane == 0) warp_partials[wid] = local;
    __syncthreads();

    if (wid == 0) {
        float v = (lane < kWarps) ? warp_partials[lane] : 0.0f;
        v = warp_sum(v);
        // 'batchmean': the summed divergence over the number of elements
        if (lane == 0) atomicAdd(out, v / static_cast<float>(n));
    }
}

torch::Tensor kl_div_cuda(torch::Tensor log_predictions, torch::Tensor targets) {
    const int batch = log_predictions.size(0);
    const int dim = log_predictions.numel() / batch;
    auto out = torch::zeros({}, log_predictions.options());
    const int n = batch * dim;
    const int blocks = std::min((n + kThreads - 1) / kThreads, 64);
    kl_div_batchmean_kernel<<<blocks, kThreads>>>(log_predictions.data_ptr<float>(),
                                                  targets.data_ptr<float>(),
                                                  out.data_ptr<float>(), batch, dim);
    return out;
}
