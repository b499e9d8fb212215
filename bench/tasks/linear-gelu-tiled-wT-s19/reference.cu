#include <math.h>
// one thread per output, double accumulation, exact-erf GELU
__global__ void linear_gelu_ref(const float* x, const float* W, const float* b, float* y, int M, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M * N) return;
    int m = i / N, n = i % N;
    double acc = b[n];
    for (int k = 0; k < K; ++k) acc += (double)x[(long long)m * K + k] * (double)W[(long long)n * K + k];
    y[i] = (float)(0.5 * acc * (1.0 + erf(acc / sqrt(2.0))));
}
