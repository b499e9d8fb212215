// Mean absolute value per row (L1 / cols), one block per row; launched with 96 threads.
__global__ void row_mean_abs(const float *x, float *out, int cols)
{
    extern __shared__ float part[];
    int t = threadIdx.x;
    const float *xr = x + (size_t)blockIdx.x * cols;
    float s = 0.f;
    for (int c = t; c < cols; c += blockDim.x) s += fabsf(xr[c]);
    part[t] = s;
    __syncthreads();
    for (int active = blockDim.x; active > 1; ) {
        int half = (active + 1) / 2;
        if (t < active - half) part[t] += part[t + half];
        __syncthreads();
        active = half;
    }
    if (t == 0) out[blockIdx.x] = part[0] / cols;
}
