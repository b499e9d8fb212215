#include <cmath>
// Reference: a single thread sums every pointwise term in double and divides by the batch.
__global__ void kl_div_batchmean_ref(const float* input, const float* target, float* loss,
                                     long long n, int batch) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    double s = 0.0;
    for (long long i = 0; i < n; ++i) {
        double p = (double)target[i];
        if (p > 0.0) s += p * (log(p) - (double)input[i]);
    }
    *loss = (float)(s / (double)batch);
}
