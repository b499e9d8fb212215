#include <math.h>
// Reference: a single thread sums t * (log t - logp) over every element in double
// and divides by the batch size ('batchmean').
__global__ void kldiv_ref(const float* logp, const float* t, float* out, int batch, int dim) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    double s = 0.0;
    long long n = (long long)batch * dim;
    for (long long i = 0; i < n; ++i) {
        double ti = (double)t[i];
        if (ti > 0.0) s += ti * (log(ti) - (double)logp[i]);
    }
    out[0] = (float)(s / batch);
}
