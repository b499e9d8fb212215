// Per-bin share of a histogram in parts per million: ppm[b] = hist[b] * 1e6 / total.
__global__ void bin_ppm(const int *__restrict__ hist, int *__restrict__ ppm, int bins, int total)
{
    for (int b = blockIdx.x * blockDim.x + threadIdx.x; b < bins; b += gridDim.x * blockDim.x) {
        const long long scaled = (long long)hist[b] * 1000000;
        ppm[b] = (int)(scaled / total);
    }
}
