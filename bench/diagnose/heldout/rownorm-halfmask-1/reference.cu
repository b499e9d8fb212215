__global__ void norm_ref(const float *x, float *norms, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0;
    for (int c = 0; c < cols; ++c) s += (double)x[r * cols + c] * x[r * cols + c];
    norms[r] = (float)sqrt(s);
}
