// one thread per column j, loop over the rows of that column
__global__ void ger_ref(int m, int n, float alpha, const float* x, int incx, const float* y,
                        int incy, float* A, int lda) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n) return;
    float yj = y[j * incy];
    for (int i = 0; i < m; ++i) A[j * lda + i] = A[j * lda + i] + alpha * x[i * incx] * yj;
}
