#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>

template <typename scalar_t>
__device__ __forceinline__ scalar_t leaky_relu(scalar_t v, scalar_t negative_slope) {
    return v > scalar_t(0) ? v : v * negative_slope;
}

// In-place epilogue applied to the cuBLAS GEMM result:
//   out[r][c] = leaky_relu((out[r][c] + bias[c]) * multiplier)
// 2-D grid-stride loops so that a capped grid covers any output shape.
template <typename scalar_t>
__global__ void bias_mul_leakyrelu_inplace_kernel(scalar_t* __restrict__ out,
                                                  const scalar_t* __restrict__ bias,
                                                  const int rows,
                                                  const int cols,
                                                  const scalar_t multiplier,
                                                  const scalar_t negative_slope) {
    for (int r = blockIdx.y * blockDim.y + threadIdx.y; r < rows; r += blockDim.y * gridDim.y) {
        for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < cols; c += blockDim.x * gridDim.x) {
            const int idx = r * cols + c;
            out[idx] = leaky_relu((out[idx] + bias[c]) * multiplier, negative_slope);
        }
    }
}

torch::Tensor fused_gemm_mul_leakyrelu_cuda(torch::Tensor input, torch::Tensor weight, torch::Tensor bias,
                                            float multiplier, float negative_slope) {
    const int batch_size = input.size(0);
    const int in_features = input.size(1);
    const int out_features = weight.size(0);
    auto output = torch::empty({batch_size, out_features}, input.options());

    cublasHandle_t handle;
    cublasCreate(&handle);
    const float alpha = 1.0f, beta = 0.0f;
    cublasSgemm(handle, CUBLAS_OP_T, CUBLAS_OP_N, out_features, batch_size, in_features, &alpha,
                weight.data_ptr<float>(), in_features, input.data_ptr<float>(), in_features, &beta,
                output.data_ptr<float>(), out_features);
    cublasDestroy(handle);

    dim3 block(32, 8);
    dim3 grid(std::min((out_features + 31) / 32, 16), std::min((batch_size + 7) / 8, 16));
    bias_mul_leakyrelu_inplace_kernel<float><<<grid, block>>>(
        output.data_ptr<float>(), bias.data_ptr<float>(), batch_size, out_features, multiplier, negative_slope);
    return output;
}
