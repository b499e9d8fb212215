#include <torch/extension.h>
#include <cuda_runtime.h>

#define TILE_SIZE 16

__device__ __forceinline__ float swish(float x) {
    return x / (1.0f + expf(-x));
}

// out = swish(x @ weight^T + bias) * scaling
// x: [batch, in_features], weight: [out_features, in_features] (nn.Linear layout)
__global__ void fused_linear_swish_scale_kernel(const float* __restrict__ x,
                                                const float* __restrict__ weight,
                                                const float* __restrict__ bias,
                                                float* __restrict__ out,
                                                const int batch_size,
                                                const int in_features,
                                                const int out_features,
                                                const float scaling) {
    __shared__ float x_tile[TILE_SIZE][TILE_SIZE];
    __shared__ float w_tile[TILE_SIZE][TILE_SIZE];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int row = blockIdx.y * TILE_SIZE + ty;   // batch index
    const int col = blockIdx.x * TILE_SIZE + tx;   // output feature

    float acc = 0.0f;
    const int num_tiles = (in_features + TILE_SIZE - 1) / TILE_SIZE;
    for (int t = 0; t < num_tiles; ++t) {
        const int x_k = t * TILE_SIZE + tx;
        const int w_k = t * TILE_SIZE + ty;

        x_tile[ty][tx] = (row < batch_size && x_k < in_features) ? x[row * in_features + x_k] : 0.0f;
        // transposed load: w_tile[k][n] = weight[n][k]
        w_tile[ty][tx] = (col < out_features && w_k < in_features) ? weight[col * in_features + w_k] : 0.0f;
        __syncthreads();

#pragma unroll
        for (int k = 0; k < TILE_SIZE; ++k) {
            acc += x_tile[ty][k] * w_tile[k][tx];
        }
        __syncthreads();
    }

    if (row < batch_size && col < out_features) {
        const float v = acc + bias[col];
        out[row * out_features + col] = swish(v) * scaling;
    }
}

torch::Tensor fused_linear_swish_scale_cuda(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, float scaling) {
    const int batch_size = x.size(0);
    const int in_features = x.size(1);
    const int out_features = weight.size(0);
    auto out = torch::empty({batch_size, out_features}, x.options());

    dim3 block(TILE_SIZE, TILE_SIZE);
    dim3 grid((out_features + TILE_SIZE - 1) / TILE_SIZE, (batch_size + TILE_SIZE - 1) / TILE_SIZE);
    fused_linear_swish_scale_kernel<<<grid, block>>>(
        x.data_ptr<float>(), weight.data_ptr<float>(), bias.data_ptr<float>(), out.data_ptr<float>(),
        batch_size, in_features, out_features, scaling);
    return out;
}
