// *loss += sum((pred - target)^2) / n, warp-shuffle partials then one atomicAdd per warp.
#include <cuda_runtime.h>

__global__ void mse_loss_kernel(const float* __restrict__ pred, const float* __restrict__ target,
                                float* __restrict__ loss, int n) {
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float d = pred[i] - target[i];
        acc = fmaf(d, d, acc);
    }
    for (int off = warpSize / 2; off > 0; off /= 2)
        acc += __shfl_down_sync(0xffffffff, acc, off);
    if ((threadIdx.x % warpSize) == 0)
        atomicAdd(loss, acc / n);
}
