__global__ void embed_ref(const int *ids, const float *table, float *out, int T, int D, int ntok) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ntok * D) return;
    int tok = i / D, d = i % D;
    long long row = ((long long)ids[tok] * 100003LL + 7LL) % (long long)T;
    out[i] = table[row * D + d];
}
