import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

conv_instnorm_div_source = r"""
#include <torch/extension.h>
#include <cuda.h>
#include <cuda_runtime.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) CHECK_CUDA(x); CHECK_CONTIGUOUS(x)

constexpr int THREADS = 256;

__device__ float block_reduce_sum(float val, float* shared) {
    const int lane = threadIdx.x % 32;
    const int wid = threadIdx.x / 32;

    for (int offset = 16; offset > 0; offset /= 2)
        val += __shfl_down_sync(0xffffffff, val, offset);

    if (lane == 0) shared[wid] = val;
    __syncthreads();

    val = (threadIdx.x < blockDim.x / 32) ? shared[lane] : 0.0f;
    if (wid == 0) {
        for (int offset = 16; offset > 0; offset /= 2)
            val += __shfl_down_sync(0xffffffff, val, offset);
        if (lane == 0) shared[0] = val;
    }
    __syncthreads();
    float result = shared[0];
    __syncthreads();
    return result;
}

// One block per (n, c_out) plane: compute the conv output plane into shared
// memory, then instance-normalize it and divide by the constant.
__global__ void conv_instnorm_div_kernel(
    const float* __restrict__ input,
    const float* __restrict__ weight,
    const float* __restrict__ bias,
    float* __restrict__ output,
    int C_in, int H, int W, int C_out, int K,
    int H_out, int W_out, float eps, float inv_divide) {

    extern __shared__ float plane[];
    __shared__ float red[32];

    const int n = blockIdx.x / C_out;
    const int oc = blockIdx.x % C_out;
    const int HW = H_out * W_out;

    const float b = bias[oc];
    float local_sum = 0.0f;

    for (int p = threadIdx.x; p < HW; p += blockDim.x) {
        const int oh = p / W_out;
        const int ow = p % W_out;
        float acc = b;
        for (int ic = 0; ic < C_in; ++ic) {
            const float* in_c = input + ((n * C_in + ic) * H) * W;
            const float* w_c = weight + ((oc * C_in + ic) * K) * K;
            for (int kh = 0; kh < K; ++kh) {
                for (int kw = 0; kw < K; ++kw) {
                    acc += in_c[(oh + kh) * W + (ow + kw)] * w_c[kh * K + kw];
                }
            }
        }
        plane[p] = acc;
        local_sum += acc;
    }

    const float mean = block_reduce_sum(local_sum, red) / HW;

    float local_sq = 0.0f;
    for (int p = threadIdx.x; p < HW; p += blockDim.x) {
        const float d = plane[p] - mean;
        local_sq += d * d;
    }
    const float var = block_reduce_sum(local_sq, red) / HW;
    const float inv_std = rsqrtf(var + eps);

    float* out_plane = output + (size_t)blockIdx.x * HW;
    for (int p = threadIdx.x; p < HW; p += blockDim.x) {
        out_plane[p] = (plane[p] - mean) * inv_std * inv_divide;
    }
}

torch::Tensor conv_instnorm_div_cuda(torch::Tensor input, torch::Tensor weight, torch::Tensor bias,
                                     double eps, double divide_by) {
    CHECK_INPUT(input);
    CHECK_INPUT(weight);
    CHECK_INPUT(bias);

    const int N = input.size(0);
    const int C_in = input.size(1);
    const int H = input.size(2);
    const int W = input.size(3);
    const int C_out = weight.size(0);
    const int K = weight.size(2);
    const int H_out = H - K + 1;
    const int W_out = W - K + 1;

    auto output = torch::empty({N, C_out, H_out, W_out}, input.options());

    const int blocks = N * C_out;
    const size_t smem = (size_t)H_out * W_out * sizeof(float);

    conv_instnorm_div_kernel<<<blocks, THREADS, smem>>>(
        input.data_ptr<float>(), weight.data_ptr<float>(), bias.data_ptr<float>(),
        output.data_ptr<float>(), C_in, H, W, C_out, K, H_out, W_out,
        static_cast<float>(eps), static_cast<float>(1.0 / divide_by));

    return output;
}
"""

conv_instnorm_div_cpp_source = """
torch::Tensor conv_instnorm_div_cuda(torch::Tensor input, torch::Tensor weight, torch::Tensor bias,
                                     double eps, double divide_by);
"""

conv_instnorm_div = load_inline(
    name="conv_instnorm_div",
    cpp_sources=conv_instnorm_div_cpp_source,
    cuda_sources=conv_instnorm_div_source,
    functions=["conv_instnorm_div_cuda"],
    verbose=False,
    extra_cuda_cflags=["-O3", "--use_fast_math"],
)


class ModelNew(nn.Module):
    """
    Conv2d + InstanceNorm2d + division fused into a single CUDA kernel.
    The convolution parameters live in an nn.Conv2d so they are initialized
    exactly like the reference model.
    """

    def __init__(self, in_channels, out_channels, kernel_size, divide_by):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.instance_norm = nn.InstanceNorm2d(out_channels)
        self.divide_by = divide_by
        self.fused = conv_instnorm_div

    def forward(self, x):
        return self.fused.conv_instnorm_div_cuda(
            x.contiguous(),
            self.conv.weight.contiguous(),
            self.conv.bias.contiguous(),
            self.instance_norm.eps,
            self.divide_by,
        )
