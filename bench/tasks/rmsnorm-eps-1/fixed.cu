#include <torch/extension.h>

template <int kBlock>
__global__ void rms_norm_kernel(const float* __restrict__ input, const float* __restrict__ weight,
                                float* __restrict__ out, int rows, int dim, float eps) {
    __shared__ float warp_sums[kBlock / 32];
    __shared__ float s_inv_rms;
    const int row = blockIdx.x;
    const float* in_row = input + (int64_t)row * dim;
    float acc = 0.f;
    for (int i = threadIdx.x; i < dim; i += kBlock) { float v = in_row[i]; acc += v * v; }
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffff, acc, o);
    if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = acc;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.f;
        for (int i = 0; i < kBlock / 32; ++i) t += warp_sums[i];
        s_inv_rms = rsqrtf(t / dim + eps);
    }
    __syncthreads();
    const float inv = s_inv_rms;
    for (int i = threadIdx.x; i < dim; i += kBlock) out[(int64_t)row * dim + i] = in_row[i] * inv * weight[i];
}

torch::Tensor rms_norm(torch::Tensor input, torch::Tensor weight, double eps) {
    auto out = torch::empty_like(input);
    const int dim = input.size(-1);
    const int rows = input.numel() / dim;
    rms_norm_kernel<256><<<rows, 256>>>(input.data_ptr<float>(), weight.data_ptr<float>(),
                                        out.data_ptr<float>(), rows, dim, (float)eps);
    return out;
}
