// Interleaved complex (re, im) -> polar form (magnitude, phase in (-pi, pi]).
// Grid-stride loop over the complex samples, read through float2.
__global__ void complex_to_polar(const float* __restrict__ z, float* __restrict__ mag,
                                 float* __restrict__ phase, int n) {
    const float2* zc = reinterpret_cast<const float2*>(z);
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const float2 c = zc[i];
        mag[i] = sqrtf(c.x * c.x + c.y * c.y);
        phase[i] = atan2f(c.x, c.y);
    }
}
