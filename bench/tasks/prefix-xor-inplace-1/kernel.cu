#include <cuda_runtime.h>
#define WIDTH 256

// Running XOR of each 256-element segment (integer hashes), in place in
// shared memory: step k combines each element with the one 2^k before it.
__global__ void seg_running_xor(const int *in, int *out, int n) {
  __shared__ int m[WIDTH];
  int lane = threadIdx.x;
  int g = blockIdx.x * WIDTH + lane;
  m[lane] = g < n ? in[g] : 0;
  __syncthreads();
  for (int stride = 1; stride < WIDTH; stride <<= 1) {
    if (lane >= stride) m[lane] ^= m[lane - stride];
    __syncthreads();
  }
  if (g < n) out[g] = m[lane];
}
