// y = x * 0.5 * (1 + erf(x / sqrt(2))), with a PyTorch extension wrapper.
#include <torch/extension.h>
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void gelu_erf_kernel(const float* __restrict__ input, float* __restrict__ output, int size) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < size) {
        float x = input[idx];
        output[idx] = x * 0.5f * (1.0f + erff(x * 0.70710678118654752f));
    }
}

torch::Tensor gelu_cuda(torch::Tensor input) {
    auto output = torch::empty_like(input);
    int size = input.numel();
    const int threads = 256;
    const int blocks = (size + threads - 1) / threads;
    gelu_erf_kernel<<<blocks, threads>>>(input.data_ptr<float>(), output.data_ptr<float>(), size);
    return output;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("gelu_cuda", &gelu_cuda, "GELU (CUDA)");
}
