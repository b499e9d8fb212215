#include <math.h>
// Reference: one thread per row, three sequential passes in double.
__global__ void softmax_entropy_ref(const float* z, float* ent, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* zr = z + (long long)r * cols;
    double m = -INFINITY;
    for (int c = 0; c < cols; ++c) m = fmax(m, (double)zr[c]);
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += exp((double)zr[c] - m);
    double h = 0.0;
    for (int c = 0; c < cols; ++c) {
        double lp = ((double)zr[c] - m) - log(s);
        h -= exp(lp) * lp;
    }
    ent[r] = (float)h;
}
