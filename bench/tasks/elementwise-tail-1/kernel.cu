// GELU (exact, erf form) as a PyTorch CUDA extension.
#include <torch/extension.h>
#include <cuda_runtime.h>

#define THREADS 256

__global__ void gelu_erf_fwd_kernel(const float* __restrict__ input,
                                    float* __restrict__ output,
                                    int size) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float v = input[i];
    output[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
}

torch::Tensor gelu_forward(torch::Tensor input) {
    TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor");
    auto output = torch::empty_like(input);
    const int size = input.numel();
    const int blocks = (size + THREADS - 1) / THREADS;
    gelu_erf_fwd_kernel<<<blocks, THREADS>>>(input.data_ptr<float>(), output.data_ptr<float>(), size);
    return output;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("forward", &gelu_forward, "GELU forward (CUDA)");
}
