// 1-D valid convolution (cross-correlation) with a small filter, one output per thread.
#include <cuda_runtime.h>

__global__ void conv1d_valid(const float* signal, const float* filt, float* out,
                             int out_len, int ksize) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < out_len) {
        float acc = 0.0f;
        for (int j = 0; j < ksize + 1; ++j)
            acc += signal[i + j] * filt[j];
        out[i] = acc;
    }
}
