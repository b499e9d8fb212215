__global__ void two_dot_ref(const float* a, const float* c, const float* w, const float* v,
                            float* y, int NA, int NC, int O) {
    const int b = blockIdx.x, o = threadIdx.x;
    if (o >= O) return;
    double acc = 0.0;
    for (int i = 0; i < NA; ++i) acc += (double)a[b * NA + i] * w[o * NA + i];
    for (int j = 0; j < NC; ++j) acc += (double)c[b * NC + j] * v[o * NC + j];
    y[b * O + o] = (float)acc;
}
