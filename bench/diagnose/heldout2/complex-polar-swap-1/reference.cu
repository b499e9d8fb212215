__global__ void polar_ref(const float* z, float* mag, float* phase, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double re = z[2 * i], im = z[2 * i + 1];
    mag[i] = (float)sqrt(re * re + im * im);
    phase[i] = (float)atan2(im, re);
}
