#include <cuda_fp16.h>
#include <math.h>
// one thread per output element; silu(g) = g * sigmoid(g)
__global__ void swiglu_ref(const __half* gu, __half* out, int T, int H) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= T * H) return;
    int t = i / H, j = i % H;
    float g = __half2float(gu[t * 2 * H + j]);
    float u = __half2float(gu[t * 2 * H + H + j]);
    float sig = 1.0f / (1.0f + expf(-g));
    out[i] = __float2half(g * sig * u);
}
