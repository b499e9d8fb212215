__global__ void minmax_ref(const float* x, float* y, int cols, float new_lo, float new_hi) {
    int r = blockIdx.x;
    const float* xr = x + (long long)r * cols;
    float lo = xr[0], hi = xr[0];
    for (int c = 1; c < cols; ++c) { lo = fminf(lo, xr[c]); hi = fmaxf(hi, xr[c]); }
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        y[(long long)r * cols + c] = (float)(new_lo + ((double)xr[c] - lo) * ((double)new_hi - new_lo) / ((double)hi - lo));
}
