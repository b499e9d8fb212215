// out[r, j] = mean(in[r, j*stride .. j*stride+window)), rows x L input, Lout = (L - window)/stride + 1.
#include <cuda_runtime.h>

__global__ void avg_pool1d(const float* in, float* out, int rows, int L, int window, int stride) {
    int Lout = (L - window) / stride + 1;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (j >= Lout || r >= rows) return;
    const float* p = in + r * L + j * stride;
    float s = 0.0f;
    int k = 0;
    while (k < window) {
        s += *(p + k);
        k++;
    }
    out[r * Lout + j] = s / window;
}
