__global__ void combine_ref(const float* m, const float* l, const float* a, const float* b,
                            float* out, int rows, int splits) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double mx = -1e300;
    for (int j = 0; j < splits; ++j) mx = fmax(mx, (double)m[r * splits + j]);
    double den = 0, o0 = 0, o1 = 0;
    for (int j = 0; j < splits; ++j) {
        double f = exp((double)m[r * splits + j] - mx);
        o0 += a[r * splits + j] * f;
        o1 += b[r * splits + j] * f;
        den += l[r * splits + j] * f;
    }
    out[2 * r] = (float)(o0 / den);
    out[2 * r + 1] = (float)(o1 / den);
}
