// Column-wise log-sum-exp (reduce over dim 0), one thread per column, templated.
template <typename T>
__global__ void col_logsumexp(const T *__restrict__ x, T *__restrict__ out, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols) return;
    T m = x[c];
    for (int r = 1; r < rows; ++r)
        m = fmaxf(m, x[r * cols + c]);
    T s = 0;
    for (int r = 0; r < rows; ++r)
        s += expf(x[r * cols + c] - m);
    out[c] = m + logf(s);
}

template __global__ void col_logsumexp<float>(const float *, float *, int, int);
