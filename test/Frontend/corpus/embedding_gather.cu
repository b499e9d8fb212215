// out[i, :] = table[ids[i], :] for i < num_ids (int64 ids, dim columns); grid (num_ids), block (128).
#include <cuda_runtime.h>
#include <stdint.h>

__global__ void embedding_gather(const int64_t* __restrict__ ids, const float* __restrict__ table,
                                 float* __restrict__ out, int num_ids, int dim, int64_t vocab) {
    int i = blockIdx.x;
    if (i >= num_ids) return;
    int64_t id = ids[i];
    if (id < 0 || id >= vocab) {
        for (int d = threadIdx.x; d < dim; d += blockDim.x) out[(int64_t)i * dim + d] = 0.0f;
        return;
    }
    const float* src = table + id * dim;
    float* dst = out + (int64_t)i * dim;
    for (int d = threadIdx.x; d < dim; d += blockDim.x) dst[d] = src[d];
}
