// Trailing window sum: y[i] = x[i-w+1] + ... + x[i] (clipped at 0). Every thread
// Trailing window sum: y[i] = x[i-w+1] + ... + x[i] (clipped at 0), fixed.
__global__ void window_sum(const float *x, float *y, int n, int w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float acc = 0.0f;
    for (int j = 0; j < n; j++) {
        if (j > i || j <= i - w)
            continue;
        acc += x[j];
    }
    y[i] = acc;
}
