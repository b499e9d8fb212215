__global__ void gn_ref(const float *x, float *y, int C, int HW, int G, float eps) {
    if (threadIdx.x != 0) return;
    int ng = blockIdx.x;
    int count = (C / G) * HW;
    const float *xg = x + (size_t)ng * count;
    double s = 0;
    for (int i = 0; i < count; ++i) s += xg[i];
    double mean = s / count, v = 0;
    for (int i = 0; i < count; ++i) { double d = xg[i] - mean; v += d * d; }
    v /= count;
    double inv = 1.0 / sqrt(v + (double)eps);
    for (int i = 0; i < count; ++i)
        y[(size_t)ng * count + i] = (float)((xg[i] - mean) * inv);
}
