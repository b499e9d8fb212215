#include <math.h>
// one thread per output element (grid: l blocks, C, N), max-shifted log-sum-exp over the channels in double
__global__ void log_softmax_dim1_ref(const float* x, float* y, int C, int L) {
    int l = blockIdx.x * blockDim.x + threadIdx.x;
    int c0 = blockIdx.y;
    int n = blockIdx.z;
    if (l >= L) return;
    const float* col = x + (long long)n * C * L + l;
    double m = -1e300;
    for (int c = 0; c < C; ++c) if (col[(long long)c * L] > m) m = col[(long long)c * L];
    double s = 0.0;
    for (int c = 0; c < C; ++c) s += exp((double)col[(long long)c * L] - m);
    y[(long long)n * C * L + (long long)c0 * L + l] = (float)((double)col[(long long)c0 * L] - m - log(s));
}
