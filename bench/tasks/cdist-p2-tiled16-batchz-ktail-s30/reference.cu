#include <math.h>
// Reference: one thread per output pair (blockIdx.y enumerates b * P + i), distance in double.
__global__ void cdist_p2_ref(const float* x1, const float* x2, float* out, int P, int R, int M) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= R) return;
    int bi = blockIdx.y;
    int b = bi / P;
    const float* a = x1 + (long long)bi * M;
    const float* c = x2 + ((long long)b * R + j) * M;
    double s = 0.0;
    for (int k = 0; k < M; ++k) {
        double d = (double)a[k] - (double)c[k];
        s += d * d;
    }
    out[(long long)bi * R + j] = (float)sqrt(s);
}
