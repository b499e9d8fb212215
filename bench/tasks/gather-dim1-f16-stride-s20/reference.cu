#include <cuda_fp16.h>
// 3-D grid: x = s, y = k, z = b; plain indexing
__global__ void gather_ref(const __half* x, const long long* index, __half* out,
                           long long B, long long C, long long K, long long S) {
    long long s = blockIdx.x * blockDim.x + threadIdx.x;
    long long k = blockIdx.y;
    long long b = blockIdx.z;
    if (s >= S) return;
    long long o = (b * K + k) * S + s;
    long long c = index[o];
    out[o] = x[(b * C + c) * S + s];
}
