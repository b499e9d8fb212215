#include <cuda_runtime.h>
#include <math.h>

#define NT 128

// argmax, one block per row, shared-memory (value, index) tree
__global__ void argmax_block(const float* x, int* idx, int rows, int cols) {
    __shared__ float sv[NT];
    __shared__ int si[NT];
    int t = threadIdx.x;
    const float* xr = x + (long long)blockIdx.x * cols;
    float bv = -INFINITY; int bi = 0x7fffffff;
    for (int c = t; c < cols; c += NT) {
        float v = x[(long long)c * rows + blockIdx.x];
        if (v > bv) { bv = v; bi = c; }
    }
    sv[t] = bv; si[t] = bi;
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (t < s) {
            float ov = sv[t + s]; int oi = si[t + s];
            if (ov > sv[t] || (ov == sv[t] && oi < si[t])) { sv[t] = ov; si[t] = oi; }
        }
        __syncthreads();
    }
    if (t == 0) idx[blockIdx.x] = si[0];
}
