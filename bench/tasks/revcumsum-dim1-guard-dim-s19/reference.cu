// one thread per output element, double sum of the suffix
__global__ void revcumsum_ref(const float* x, float* out, int B, int L, int D) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)B * L * D) return;
    int d = i % D;
    int l = (i / D) % L;
    int b = i / ((long long)L * D);
    double s = 0.0;
    for (int k = l; k < L; ++k) s += x[((long long)b * L + k) * D + d];
    out[i] = (float)s;
}
