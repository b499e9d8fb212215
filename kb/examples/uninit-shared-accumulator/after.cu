#include <torch/extension.h>

// Counts, per block of the input, the elements above a threshold.
__global__ void count_above_kernel(const float* x, int* counts, float thresh, int n) {
    __shared__ int block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && x[i] > thresh) atomicAdd(&block_count, 1);
    __syncthreads();
    if (threadIdx.x == 0) counts[blockIdx.x] = block_count;
}

torch::Tensor count_above(torch::Tensor x, double thresh) {
    int n = x.numel();
    int blocks = (n + 255) / 256;
    auto counts = torch::empty({blocks}, x.options().dtype(torch::kInt32));
    count_above_kernel<<<blocks, 256>>>(x.data_ptr<float>(), counts.data_ptr<int>(), (float)thresh, n);
    return counts;
}
