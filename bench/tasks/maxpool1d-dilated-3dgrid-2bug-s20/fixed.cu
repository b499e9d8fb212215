#include <cuda_runtime.h>
#include <cfloat>

// nn.MaxPool1d(kernel_size=KS, stride=ST, padding=PD, dilation=DL) on x [N, C, L] -> y [N, C, Lout].
// 3-D grid: blockIdx.z = n, blockIdx.y = c, x threads over output positions.
#define KS 3
#define ST 2
#define PD 2
#define DL 2

__device__ __forceinline__ float window_max(const float* __restrict__ row, int o, int L) {
    float m = -FLT_MAX;
    const int start = o * ST - PD;
#pragma unroll
    for (int k = 0; k < KS; ++k) {
        const int i = start + k * DL;
        if (i >= 0 && i < L) m = fmaxf(m, __ldg(row + i));
    }
    return m;
}

__global__ void maxpool1d_dilated(const float* __restrict__ x, float* __restrict__ y,
                                  int N, int C, int L, int Lout) {
    const int o = blockIdx.x * blockDim.x + threadIdx.x;
    const int c = blockIdx.y;
    const int n = blockIdx.z;
    if (o >= Lout) return;
    const float* __restrict__ row = x + ((size_t)n * C + c) * L;
    y[((size_t)n * C + c) * Lout + o] = window_max(row, o, L);
}
