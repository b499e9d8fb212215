__global__ void scale_ref(const float *x, float *y, float f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * f;
}
