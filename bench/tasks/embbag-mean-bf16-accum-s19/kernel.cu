#include <cuda_bf16.h>
#include <cuda_runtime.h>

typedef __nv_bfloat16 bf16;

// nn.EmbeddingBag(mode="mean") on a 2-D index tensor idx: [bags, bag_size] (fixed-size bags).
// weight: [num_embeddings, dim] in bf16; out: [bags, dim] in fp32.
// blockIdx.x = bag; the threads of the block stride over the embedding dim.
__global__ void embedding_bag_mean_bf16(const bf16* __restrict__ weight, const int* __restrict__ idx,
                                        float* __restrict__ out, int bag_size, int dim) {
    const int bag = blockIdx.x;
    const int* __restrict__ ids = idx + (size_t)bag * bag_size;
    float* __restrict__ orow = out + (size_t)bag * dim;

    for (int d = threadIdx.x; d < dim; d += blockDim.x) {
        bf16 acc = __float2bfloat16(0.0f);
        for (int j = 0; j < bag_size; ++j) acc += weight[(size_t)ids[j] * dim + d];
        orow[d] = (float)acc / (float)bag_size;
    }
}
