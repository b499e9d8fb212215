#include <math.h>
// one thread per output element, dot product in double
__global__ void linear_swish_ref(const float* x, const float* w, const float* b, float* out,
                                 int M, int K, int N, float scaling) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= M * N) return;
    int r = idx / N, c = idx % N;
    double acc = 0.0;
    for (int k = 0; k < K; ++k) acc += (double)x[r * K + k] * (double)w[c * K + k];
    double v = acc + (double)b[c];
    out[idx] = (float)(v / (1.0 + exp(-v)) * (double)scaling);
}
