__global__ void dot_ref(const float* a, const float* b, float* result, int n) {
    if (threadIdx.x + blockIdx.x != 0) return;
    double s = 0.0;
    for (int i = 0; i < n; ++i) s += (double)a[i] * b[i];
    result[0] = (float)(result[0] + s);
}
