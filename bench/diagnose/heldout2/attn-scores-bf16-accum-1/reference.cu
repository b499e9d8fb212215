#include <cuda_bf16.h>
__global__ void scores_ref(const __nv_bfloat16* q, const __nv_bfloat16* k, float* scores, int S, int D) {
    int h = blockIdx.x;
    for (int s = threadIdx.x; s < S; s += blockDim.x) {
        double acc = 0;
        for (int d = 0; d < D; ++d)
            acc += (double)__bfloat162float(q[(long long)h * D + d]) * (double)__bfloat162float(k[(long long)s * D + d]);
        scores[(long long)h * S + s] = (float)(acc / sqrt((double)D));
    }
}
