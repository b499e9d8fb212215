__global__ void relu_inplace_ref(float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && x[i] < 0.f) x[i] = 0.f;
}
