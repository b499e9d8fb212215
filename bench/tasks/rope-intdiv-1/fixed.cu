#include <cuda_runtime.h>
#include <math.h>

// In-place RoPE on x[T, H, D] (interleaved pairs). grid = T, block = H * D / 2 (one thread per pair).
__global__ void rope_inplace(float* x, int T, int H, int D, float base) {
    const int t = blockIdx.x;
    const int h = threadIdx.x / (D / 2);
    const int p = threadIdx.x % (D / 2);
    const float inv_freq = powf(base, -2.0f * p / D);
    const float angle = t * inv_freq;
    float s, c;
    s = sinf(angle);
    c = cosf(angle);
    float* v = x + ((size_t)t * H + h) * D + 2 * p;
    const float x0 = v[0], x1 = v[1];
    v[0] = x0 * c - x1 * s;
    v[1] = x0 * s + x1 * c;
}
