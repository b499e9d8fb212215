__global__ void l1n_ref(const float *x, float *y, int rows, int cols, float eps) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0;
    for (int c = 0; c < cols; ++c) s += fabs((double)x[r * cols + c]);
    double d = s > eps ? s : eps;
    for (int c = 0; c < cols; ++c) y[r * cols + c] = (float)(x[r * cols + c] / d);
}
