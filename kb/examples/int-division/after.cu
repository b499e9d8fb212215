// 1-D linear resize (align_corners=True): out[i] = lerp over in.
#include <cuda_runtime.h>

__global__ void resize_linear_1d(const float* in, float* out, int in_len, int out_len) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= out_len) return;
    float pos = (float)(i * (in_len - 1)) / (float)(out_len - 1);
    int lo = (int)floorf(pos);
    int hi = min(lo + 1, in_len - 1);
    float w = pos - (float)lo;
    out[i] = in[lo] * (1.0f - w) + in[hi] * w;
}
