#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>

// Per-sample cross-entropy from logits, one thread per sample.
__global__ void cross_entropy_fwd(const float* __restrict__ logits, const int64_t* __restrict__ labels,
                                  float* __restrict__ loss, int batch, int classes) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    const float* z = logits + (int64_t)b * classes;
    float zmax = z[0];
    for (int c = 1; c < classes; ++c) zmax = fmaxf(zmax, z[c]);
    float se = 0.f;
    for (int c = 0; c < classes; ++c) se += expf(z[c] - zmax);
    const float lse = zmax + logf(se);
    loss[b] = lse - z[labels[b]];
}
