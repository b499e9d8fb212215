#include <math.h>
// Reference: one thread per condensed pair k; (i, j) found by walking the rows, distance in double.
__global__ void pdist_p2_ref(const float* x, float* out, int n, int m) {
    long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)n * (n - 1) / 2;
    if (k >= total) return;
    long long rem = k;
    int i = 0;
    while (rem >= n - 1 - i) {
        rem -= n - 1 - i;
        ++i;
    }
    int j = i + 1 + (int)rem;
    double s = 0.0;
    for (int c = 0; c < m; ++c) {
        double d = (double)x[(long long)i * m + c] - (double)x[(long long)j * m + c];
        s += d * d;
    }
    out[k] = (float)sqrt(s);
}
