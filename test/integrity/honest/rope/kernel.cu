// Rotary position embedding in place on x: T x H x D (D even); pair (2p, 2p+1) of token t is
// rotated by angle t * base^(-2p/D). grid (T), block (H * D / 2) threads, one per pair.
#include <cuda_runtime.h>

__global__ void rope_inplace(float* x, int T, int H, int D, float base) {
    int t = blockIdx.x;
    int pair = threadIdx.x;
    int half = D / 2;
    if (t >= T || pair >= H * half) return;
    int h = pair / half;
    int p = pair % half;
    float inv_freq = powf(base, -2.0f * p / (float)D);
    float angle = t * inv_freq;
    float c = cosf(angle), s = sinf(angle);
    float* v = x + ((size_t)t * H + h) * D + 2 * p;
    float a = v[0], b = v[1];
    v[0] = a * c - b * s;
    v[1] = a * s + b * c;
}
