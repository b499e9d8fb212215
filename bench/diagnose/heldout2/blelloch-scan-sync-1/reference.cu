__global__ void scan_ref(const int* in, int* out, int R, int L) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= R) return;
    int acc = 0;
    for (int i = 0; i < L; ++i) {
        out[(long long)r * L + i] = acc;
        acc += in[(long long)r * L + i];
    }
}
