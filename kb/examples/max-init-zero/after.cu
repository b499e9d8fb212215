// Row-wise max (e.g. the first pass of a softmax), torch extension.
#include <torch/extension.h>

__global__ void row_max_kernel(const float* __restrict__ input, float* __restrict__ output,
                               int rows, int cols) {
    __shared__ float smem[128];
    const int row = blockIdx.x;
    const float* x = input + (size_t)row * cols;
    float thread_max = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        thread_max = fmaxf(thread_max, x[c]);
    smem[threadIdx.x] = thread_max;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            smem[threadIdx.x] = fmaxf(smem[threadIdx.x], smem[threadIdx.x + s]);
        __syncthreads();
    }
    if (threadIdx.x == 0) output[row] = smem[0];
}

torch::Tensor row_max(torch::Tensor input) {
    const int rows = input.size(0), cols = input.size(1);
    auto output = torch::empty({rows}, input.options());
    row_max_kernel<<<rows, 128>>>(input.data_ptr<float>(), output.data_ptr<float>(), rows, cols);
    return output;
}
