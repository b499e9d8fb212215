// EmbeddingBag(mode="mean", padding_idx < 0): one block per bag of L indices; negative ids are padding.
// The bag sum is kept in dynamic shared memory (D floats); each thread owns columns tid, tid+blockDim, ...
extern __shared__ float bag_acc[];

__global__ void embedding_bag_mean(const float* __restrict__ table, const int* __restrict__ indices,
                                   float* __restrict__ out, int L, int D) {
    const int bag = blockIdx.x;
    const int* ids = indices + (size_t)bag * L;

    int count = 0;
    for (int j = 0; j < L; ++j) {
        const int id = ids[j];
        if (id < 0) continue;  // padding
        ++count;
        const float* row = table + (size_t)id * D;
        for (int d = threadIdx.x; d < D; d += blockDim.x) bag_acc[d] += row[d];
    }

    const float inv = count > 0 ? 1.0f / (float)count : 0.0f;
    for (int d = threadIdx.x; d < D; d += blockDim.x)
        out[(size_t)bag * D + d] = bag_acc[d] * inv;
}
