// one thread per output, serial product in double over the middle dim
__global__ void prod_middim_ref(const float* x, float* out, int B, int R, int C) {
    long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= (long long)B * C) return;
    long long b = o / C, c = o % C;
    double acc = 1.0;
    for (int r = 0; r < R; ++r) acc *= (double)x[(b * R + r) * C + c];
    out[o] = (float)acc;
}
