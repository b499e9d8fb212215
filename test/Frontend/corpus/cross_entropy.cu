// loss[r] = logsumexp(logits[r, :]) - logits[r, labels[r]]; one thread per row; labels are int64.
#include <cuda_runtime.h>
#include <cstdint>

__global__ void cross_entropy_fwd(const float* __restrict__ logits, const int64_t* __restrict__ labels,
                                  float* __restrict__ loss, int batch, int classes) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= batch) return;
    const float* row = logits + (size_t)r * classes;
    float mx = row[0];
    for (int c = 1; c < classes; ++c) mx = fmaxf(mx, row[c]);
    float s = 0.f;
    for (int c = 0; c < classes; ++c) s += expf(row[c] - mx);
    int64_t y = labels[r];
    loss[r] = logf(s) + mx - row[y];
}
