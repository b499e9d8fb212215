// Reference: one thread per element, count the boundaries strictly below x (right=False).
__global__ void bucketize_ref(const float* x, const float* boundaries, long long* out, int n, int nb) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long c = 0;
    for (int j = 0; j < nb; ++j)
        if (boundaries[j] < x[i]) ++c;
    out[i] = c;
}
