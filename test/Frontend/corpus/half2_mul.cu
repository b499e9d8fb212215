// c = a * b elementwise on n halves (n even), two at a time through half2.
#include <cuda_fp16.h>

__global__ void half2_mul(const half* a, const half* b, half* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2) {
        const half2* a2 = reinterpret_cast<const half2*>(a);
        const half2* b2 = reinterpret_cast<const half2*>(b);
        half2* c2 = reinterpret_cast<half2*>(c);
        c2[i] = __hmul2(a2[i], b2[i]);
    }
}
