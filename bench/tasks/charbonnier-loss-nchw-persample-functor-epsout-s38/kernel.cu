#include <torch/extension.h>
#include <cuda_runtime.h>

// Charbonnier loss (the smooth L1 of image restoration / optical flow), one value per sample:
//
//   loss[n] = mean_{c,h,w} sqrt((pred[n,c,h,w] - target[n,c,h,w])^2 + eps^2)
//
// pred / target: contiguous [N, C, H, W] float32. One block of 256 threads per sample: the
// pointwise term is a functor, every thread sums a strided slice of the sample, the partial sums
// are reduced with xor shuffles inside each warp and then across the warps through shared memory.

struct CharbonnierTerm {
    float eps;
    __device__ __forceinline__ float operator()(float p, float t) const {
        const float d = p - t;
        return sqrtf(d * d) + eps;
    }
};

__device__ __forceinline__ float warp_allreduce_sum(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

template <int BLOCK, typename Term>
__global__ void __launch_bounds__(BLOCK)
per_sample_loss_mean(const float* __restrict__ pred, const float* __restrict__ target,
                     float* __restrict__ loss, int per_sample, float eps) {
    static_assert(BLOCK % 32 == 0 && BLOCK <= 1024, "BLOCK must be a whole number of warps");
    __shared__ float warp_sums[BLOCK / 32];

    const Term term{eps};
    const size_t offset = (size_t)blockIdx.x * per_sample;
    const float* p = pred + offset;
    const float* t = target + offset;

    float acc = 0.0f;
    for (int i = threadIdx.x; i < per_sample; i += BLOCK) acc += term(p[i], t[i]);

    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    acc = warp_allreduce_sum(acc);
    if (lane == 0) warp_sums[warp] = acc;
    __syncthreads();

    if (warp == 0) {
        float v = (lane < BLOCK / 32) ? warp_sums[lane] : 0.0f;
        v = warp_allreduce_sum(v);
        if (lane == 0) loss[blockIdx.x] = v / (float)per_sample;
    }
}

template __global__ void per_sample_loss_mean<256, CharbonnierTerm>(const float*, const float*, float*, int, float);

torch::Tensor charbonnier_per_sample(torch::Tensor pred, torch::Tensor target, double eps) {
    TORCH_CHECK(pred.is_cuda() && pred.is_contiguous() && pred.scalar_type() == torch::kFloat32);
    TORCH_CHECK(target.sizes() == pred.sizes() && target.is_contiguous());
    const int n = pred.size(0);
    const int per_sample = pred.numel() / n;
    auto loss = torch::empty({n}, pred.options());
    per_sample_loss_mean<256, CharbonnierTerm><<<n, 256>>>(
        pred.data_ptr<float>(), target.data_ptr<float>(), loss.data_ptr<float>(), per_sample, (float)eps);
    return loss;
}
