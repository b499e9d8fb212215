__global__ void embbag_ref(const float* table, const int* indices, float* out, int L, int D) {
    int bag = blockIdx.x;
    int d = blockIdx.y * blockDim.x + threadIdx.x;
    if (d >= D) return;
    double s = 0;
    int n = 0;
    for (int j = 0; j < L; ++j) {
        int id = indices[(long long)bag * L + j];
        if (id >= 0) { s += table[(long long)id * D + d]; ++n; }
    }
    out[(long long)bag * D + d] = n ? (float)(s / n) : 0.0f;
}
