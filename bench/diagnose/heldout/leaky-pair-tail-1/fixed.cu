// Leaky ReLU, two elements per thread (plain CUDA, #define'd block size).
#define BLOCK 128
#define ALPHA 0.01f

__global__ void leaky_pair(const float *__restrict__ x, float *__restrict__ y, int n)
{
    int i = 2 * (blockIdx.x * BLOCK + threadIdx.x);
    if (i < n) {
        float a = x[i];
        y[i] = a > 0.f ? a : ALPHA * a;
        if (i + 1 < n) {
            float b = x[i + 1];
            y[i + 1] = b > 0.f ? b : ALPHA * b;
        }
    }
}
