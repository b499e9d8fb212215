#include <cmath>
// Reference: one single-thread block per row (r = blockIdx.x); dot product and both squared
// norms in double.
__global__ void cosine_sim_ref(const float* x1, const float* x2, float* out, int D, float eps) {
    long long r = blockIdx.x;
    const float* a = x1 + r * D;
    const float* b = x2 + r * D;
    double dot = 0.0, aa = 0.0, bb = 0.0;
    for (int j = 0; j < D; ++j) {
        double va = a[j], vb = b[j];
        dot += va * vb; aa += va * va; bb += vb * vb;
    }
    double na = fmax(sqrt(aa), (double)eps), nb = fmax(sqrt(bb), (double)eps);
    out[r] = (float)(dot / (na * nb));
}
