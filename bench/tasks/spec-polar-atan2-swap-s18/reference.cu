#include <math.h>
// one thread per bin over the flat [frames*bins] index, reading re/im as scalars
__global__ void polar_ref(const float* spec, float* mag, float* phase, int frames, int bins, float power) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frames * bins) return;
    float re = spec[2 * i];
    float im = spec[2 * i + 1];
    mag[i] = powf(sqrtf(re * re + im * im) + 1e-12f, power);
    phase[i] = atan2f(im, re);
}
