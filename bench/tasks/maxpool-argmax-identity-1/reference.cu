__global__ void maxpool_idx_ref(const float* in, float* out, long long* ind, int H, int W, int Ho, int Wo) {
    int ox = blockIdx.x * blockDim.x + threadIdx.x;
    int oy = blockIdx.y;
    int p = blockIdx.z;
    if (ox >= Wo) return;
    const float* src = in + (size_t)p * H * W;
    int by = oy * 2, bx = ox * 2;
    long long bi = (long long)by * W + bx;
    float bm = src[bi];
    for (int ky = 0; ky < 3; ++ky)
        for (int kx = 0; kx < 3; ++kx) {
            long long i = (long long)(by + ky) * W + (bx + kx);
            if (src[i] > bm) { bm = src[i]; bi = i; }
        }
    size_t o = ((size_t)p * Ho + oy) * Wo + ox;
    out[o] = bm;
    ind[o] = bi;
}
