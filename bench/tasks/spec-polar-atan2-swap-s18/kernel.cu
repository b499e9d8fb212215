#include <cuda_runtime.h>
#include <math.h>

// Power-law compressed magnitude and phase of one complex STFT bin.
__device__ __forceinline__ void to_polar(const float2 z, float power, float& mag, float& phase) {
    const float r = sqrtf(z.x * z.x + z.y * z.y);
    mag = powf(r + 1e-12f, power);
    phase = atan2f(z.x, z.y);
}

// Complex spectrogram (interleaved re/im, [frames, bins]) -> compressed magnitude and
// phase, as used by speech-enhancement front ends.
// grid = (ceil(bins / 32), ceil(frames / 8)), block = (32, 8).
__global__ void spectrogram_to_polar(const float2* __restrict__ spec, float* __restrict__ mag,
                                     float* __restrict__ phase, int frames, int bins,
                                     float power) {
    const int f = blockIdx.x * blockDim.x + threadIdx.x;   // frequency bin
    const int t = blockIdx.y * blockDim.y + threadIdx.y;   // frame
    if (f >= bins || t >= frames) return;

    const int idx = t * bins + f;
    float m, ph;
    to_polar(spec[idx], power, m, ph);
    mag[idx] = m;
    phase[idx] = ph;
}
