// Reference: one thread per element y[r, j] (r = blockIdx.y); prefix product in double.
__global__ void cumprod_ref(const float* x, float* y, int L) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= L) return;
    long long r = blockIdx.y;
    double p = 1.0;
    for (int k = 0; k <= j; ++k) p *= (double)x[r * L + k];
    y[r * L + j] = (float)p;
}
