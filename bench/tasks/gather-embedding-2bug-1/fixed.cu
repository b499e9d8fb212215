#include <cuda_runtime.h>
#include <stdint.h>

#define ROWS_PER_BLOCK 4

// out[i, :] = table[ids[i], :]; block (32, ROWS_PER_BLOCK): x walks the embedding dim, y picks the id.
__global__ void embedding_lookup(const int64_t* __restrict__ ids, const float* __restrict__ table,
                                 float* __restrict__ out, int num_ids, int dim) {
    const int i = blockIdx.x * ROWS_PER_BLOCK + threadIdx.y;
    if (i >= num_ids) return;
    const int64_t id = ids[i];
    const float* src = table + id * dim;
    float* dst = out + (int64_t)i * dim;
    for (int d = threadIdx.x; d < dim; d += blockDim.x) dst[d] = src[d];
}
