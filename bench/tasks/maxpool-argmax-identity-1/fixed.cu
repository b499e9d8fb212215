#include <cuda_runtime.h>
#include <float.h>

#define KS 3
#define STRIDE 2

// max_pool2d(kernel 3, stride 2, no padding) with indices into the plane (y * W + x).
__global__ void maxpool3s2_with_indices(const float* __restrict__ in, float* __restrict__ out,
                                        long long* __restrict__ ind, int H, int W, int Ho, int Wo)
{
    const int ox = blockIdx.x * blockDim.x + threadIdx.x;
    const int oy = blockIdx.y * blockDim.y + threadIdx.y;
    const int plane = blockIdx.z;
    if (ox >= Wo || oy >= Ho) return;
    const float* src = in + (size_t)plane * H * W;
    float m = -FLT_MAX;
    long long where = -1;
    const int y0 = oy * STRIDE, x0 = ox * STRIDE;
    for (int ky = 0; ky < KS; ++ky) {
        for (int kx = 0; kx < KS; ++kx) {
            const int off = (y0 + ky) * W + (x0 + kx);
            const float v = src[off];
            if (m < v) {
                m = v;
                where = off;
            }
        }
    }
    const size_t o = ((size_t)plane * Ho + oy) * Wo + ox;
    out[o] = m;
    ind[o] = where;
}
