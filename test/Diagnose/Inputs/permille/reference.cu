__global__ void bin_ppm_ref(const int *hist, int *ppm, int bins, int total)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < bins)
        ppm[b] = (int)(((long long)hist[b] * 1000000LL) / (long long)total);
}
