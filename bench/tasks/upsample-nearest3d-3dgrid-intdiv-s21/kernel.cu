#include <cuda_runtime.h>

// F.interpolate(x, size=(OD, OH, OW), mode="nearest") for x: (N, C, D, H, W).
// src = min(floor(dst * in / out), in - 1) per spatial dim (PyTorch's legacy nearest).
// 3-D launch: x -> ow, y -> oh, z -> flattened (n, c, od).

__device__ __forceinline__ int nearest_src(int dst, int in_size, int out_size) {
    const float scale = in_size / out_size;
    return min(static_cast<int>(floorf(dst * scale)), in_size - 1);
}

__global__ void upsample_nearest3d_kernel(const float* __restrict__ x, float* __restrict__ y,
                                          int NC, int D, int H, int W,
                                          int OD, int OH, int OW) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    const int z = blockIdx.z;                 // nc * OD + od
    if (ow >= OW || oh >= OH) return;
    const int od = z % OD;
    const int nc = z / OD;
    if (nc >= NC) return;

    const int id = nearest_src(od, D, OD);
    const int ih = nearest_src(oh, H, OH);
    const int iw = nearest_src(ow, W, OW);

    const size_t src = (((size_t)nc * D + id) * H + ih) * W + iw;
    const size_t dst = (((size_t)nc * OD + od) * OH + oh) * OW + ow;
    y[dst] = __ldg(x + src);
}
