__global__ void ref(const float* input, float* output, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) output[i] = 0.5f * input[i] * (1.0f + erff(input[i] * 0.70710678f));
}
