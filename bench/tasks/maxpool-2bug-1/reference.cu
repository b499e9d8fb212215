#include <math.h>
__global__ void maxpool_ref(const float* in, float* out, int planes, int H, int W) {
    int Ho = H / 2, Wo = W / 2;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= planes * Ho * Wo) return;
    int ox = i % Wo, oy = (i / Wo) % Ho, pl = i / (Wo * Ho);
    const float* p = in + (long long)pl * H * W;
    out[i] = fmaxf(fmaxf(p[2 * oy * W + 2 * ox], p[2 * oy * W + 2 * ox + 1]),
                   fmaxf(p[(2 * oy + 1) * W + 2 * ox], p[(2 * oy + 1) * W + 2 * ox + 1]));
}
