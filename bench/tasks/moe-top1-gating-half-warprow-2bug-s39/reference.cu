#include <math.h>
#include <cuda_fp16.h>
// Reference top-1 router: one thread per token; first-occurrence argmax, softmax denominator
// sum_e exp(z_e - max) in double, gate = 1 / denominator.
__global__ void top1_gating_ref(const __half* logits, int* expert, float* gate, int T, int E) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= T) return;
    const __half* row = logits + (long long)t * E;
    double m = (double)__half2float(row[0]);
    int idx = 0;
    for (int e = 1; e < E; ++e) {
        double z = (double)__half2float(row[e]);
        if (z > m) { m = z; idx = e; }
    }
    double s = 0.0;
    for (int e = 0; e < E; ++e) s += exp((double)__half2float(row[e]) - m);
    expert[t] = idx;
    gate[t] = (float)(1.0 / s);
}
