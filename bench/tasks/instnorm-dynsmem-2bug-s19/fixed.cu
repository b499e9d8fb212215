#include <cuda_runtime.h>

// Block-wide sum: shuffle inside each warp, one partial per warp in the dynamic shared
// buffer (blockDim.x / 32 floats), then every thread adds the partials up.
__device__ float block_sum(float v, float* warp_buf) {
    const int lane = threadIdx.x & 31;
    const int wid = threadIdx.x >> 5;
    const int nwarps = blockDim.x >> 5;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    __syncthreads();  // the buffer may still be read from the previous call
    if (lane == 0) warp_buf[wid] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < nwarps; ++w) total += warp_buf[w];
    return total;
}

// nn.InstanceNorm2d(C, affine=False): x, y viewed as [N*C, HW]; one block per (n, c) plane.
__global__ void instance_norm_fwd(const float* __restrict__ x, float* __restrict__ y, int HW, float eps) {
    extern __shared__ float warp_buf[];
    const float* __restrict__ xp = x + (size_t)blockIdx.x * HW;
    float* __restrict__ yp = y + (size_t)blockIdx.x * HW;

    float s = 0.0f;
    for (int i = threadIdx.x; i < HW; i += blockDim.x) s += xp[i];
    const float mean = block_sum(s, warp_buf) / HW;

    float sq = 0.0f;
    for (int i = threadIdx.x; i < HW; i += blockDim.x) {
        const float d = xp[i] - mean;
        sq += d * d;
    }
    const float var = block_sum(sq, warp_buf) / HW;
    const float rstd = rsqrtf(var + eps);

    for (int i = threadIdx.x; i < HW; i += blockDim.x) yp[i] = (xp[i] - mean) * rstd;
}
