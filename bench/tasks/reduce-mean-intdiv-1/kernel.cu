#include <torch/extension.h>

template <typename scalar_t>
__global__ void mean_lastdim_kernel(const scalar_t* __restrict__ x, scalar_t* __restrict__ out,
                                    int rows, int cols) {
    __shared__ float partial[32];
    const int row = blockIdx.x;
    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += static_cast<float>(x[(int64_t)row * cols + c]);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffff, s, o);
    if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.f;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) t += partial[w];
        const float inv_n = 1 / cols;
        out[row] = static_cast<scalar_t>(t * inv_n);
    }
}

torch::Tensor mean_lastdim(torch::Tensor x) {
    const int cols = x.size(-1);
    const int rows = x.numel() / cols;
    auto out = torch::empty({rows}, x.options());
    mean_lastdim_kernel<float><<<rows, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
    return out;
}

template __global__ void mean_lastdim_kernel<float>(const float* __restrict__, float* __restrict__, int, int);
