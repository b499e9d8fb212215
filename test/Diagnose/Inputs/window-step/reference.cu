__global__ void window_ref(const float *x, float *y, int n, int w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int lo = i - w + 1 < 0 ? 0 : i - w + 1;
    float acc = 0.0f;
    for (int j = lo; j <= i; ++j)
        acc += x[j];
    y[i] = acc;
}
