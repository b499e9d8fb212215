// Reference: one block of 256 threads, strided per-thread sums in double, thread 0 adds the
// 256 partials in order and divides by n.
__global__ void margin_ranking_ref(const float* x1, const float* x2, const float* y, float* out,
                                   int n, float margin) {
    __shared__ double part[256];
    double s = 0.0;
    for (int i = threadIdx.x; i < n; i += 256) {
        double v = -(double)y[i] * ((double)x1[i] - (double)x2[i]) + (double)margin;
        s += (v > 0.0) ? v : 0.0;
    }
    part[threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        double t = 0.0;
        for (int k = 0; k < 256; ++k) t += part[k];
        out[0] = (float)(t / n);
    }
}
