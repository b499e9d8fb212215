__global__ void strided_partials_ref(const float* x, float* partial, int n, int threads) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= threads)
        return;
    double s = 0.0;
    for (int i = t; i < n; i += threads)
        s += (double)x[i];
    partial[t] = (float)s;
}
