#include <cuda_runtime.h>

template <typename T>
__device__ __forceinline__ T lerp(T a, T b, T w) { return a + w * (b - a); }

// EMA of model weights: ema <- ema + (1 - decay) * (param - ema), written out of place.
__global__ void ema_update(const float* __restrict__ param, const float* __restrict__ ema,
                           float* __restrict__ ema_out, float decay, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        ema_out[i] = lerp(ema[i], param[i], 1.0f - decay);
    }
}
