#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.EmbeddingBag(V, D, mode='mean' or 'sum') forward with 1-D indices and offsets
// (include_last_offset=False): bag b is indices[offsets[b] : offsets[b + 1]], the last bag
// runs to the end of indices. An empty bag gives a zero row (as PyTorch does).
// One block per bag (blockIdx.y), threads of a 2-D grid stride over the embedding dim.

#define DIM_THREADS 64

__device__ __forceinline__ void bag_range(const int* __restrict__ offsets, int bag, int num_bags,
                                          int num_indices, int& start, int& end) {
    start = offsets[bag];
    end = (bag < num_bags) ? offsets[bag + 1] : num_indices;
}

template <bool MEAN>
__global__ void embedding_bag_kernel(const float* __restrict__ weight,
                                     const int* __restrict__ indices,
                                     const int* __restrict__ offsets,
                                     float* __restrict__ out,
                                     int num_bags, int num_indices, int D) {
    const int bag = blockIdx.y;
    const int d = blockIdx.x * DIM_THREADS + threadIdx.x;
    if (d >= D) return;

    int start, end;
    bag_range(offsets, bag, num_bags, num_indices, start, end);

    float acc = 0.0f;
    for (int i = start; i < end; ++i) {
        const int row = __ldg(&indices[i]);
        acc += __ldg(&weight[(size_t)row * D + d]);
    }
    if (MEAN) {
        const int cnt = end - start;
        acc = acc / (float)cnt;
    }
    out[(size_t)bag * D + d] = acc;
}

torch::Tensor embedding_bag_forward(torch::Tensor weight, torch::Tensor indices, torch::Tensor offsets,
                                    bool mean_mode) {
    const int D = weight.size(1);
    const int num_bags = offsets.numel();
    const int num_indices = indices.numel();
    auto out = torch::empty({num_bags, D}, weight.options());
    dim3 grid((D + DIM_THREADS - 1) / DIM_THREADS, num_bags);
    if (mean_mode)
        embedding_bag_kernel<true><<<grid, DIM_THREADS>>>(weight.data_ptr<float>(), indices.data_ptr<int>(),
                                                          offsets.data_ptr<int>(), out.data_ptr<float>(),
                                                          num_bags, num_indices, D);
    else
        embedding_bag_kernel<false><<<grid, DIM_THREADS>>>(weight.data_ptr<float>(), indices.data_ptr<int>(),
                                                           offsets.data_ptr<int>(), out.data_ptr<float>(),
                                                           num_bags, num_indices, D);
    return out;
}
