// The pipeline's first candidate: wrong sign in the exponent.
__global__ void sigmoid(const float* __restrict__ x, float* __restrict__ y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 1.0f / (1.0f + expf(x[i]));
}
