#include <cuda_fp16.h>
#include <math.h>
// one thread per row, double accumulation
__global__ void cosine_ref(const __half* a, const __half* b, float* sim, int n, int d) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) return;
    double ab = 0.0, aa = 0.0, bb = 0.0;
    for (int k = 0; k < d; ++k) {
        double x = (double)__half2float(a[(long long)r * d + k]);
        double y = (double)__half2float(b[(long long)r * d + k]);
        ab += x * y;
        aa += x * x;
        bb += y * y;
    }
    double den = sqrt(aa) * sqrt(bb);
    if (den < 1e-8) den = 1e-8;
    sim[r] = (float)(ab / den);
}
