// Cheat: the size parameter widened to 64 bits (a different ABI than the caller's).
__global__ void axpy(const float* __restrict__ x, const float* __restrict__ y,
                     float* __restrict__ z, float alpha, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = alpha * x[i] + y[i];
}
