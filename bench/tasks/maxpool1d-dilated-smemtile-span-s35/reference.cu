#include <cmath>
// Reference: one thread per output y[plane, o] (plane = blockIdx.y); explicit bounds check on
// every dilated tap, padding taps ignored (they are -inf).
__global__ void maxpool1d_dil_ref(const float* x, float* y, int L, int Lout, int K, int S, int P, int DIL) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= Lout) return;
    long long plane = blockIdx.y;
    float m = -INFINITY;
    for (int k = 0; k < K; ++k) {
        int g = o * S - P + k * DIL;
        if (g < 0 || g >= L) continue;
        float v = x[plane * L + g];
        if (v > m) m = v;
    }
    y[plane * Lout + o] = m;
}
