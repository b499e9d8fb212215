__global__ void softplus_ref(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] > 20.f ? x[i] : (float)log1p(exp((double)x[i]));
}
