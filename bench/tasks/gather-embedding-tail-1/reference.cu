__global__ void embedding_ref(const long long* ids, const float* table, float* out, int num_ids, int dim) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= num_ids * dim) return;
    int i = k / dim, d = k % dim;
    out[k] = table[ids[i] * dim + d];
}
