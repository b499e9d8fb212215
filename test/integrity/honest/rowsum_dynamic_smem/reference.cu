__global__ void rowsum_ref(const float *x, float *out, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int c = 0; c < cols; ++c)
        acc += x[row * cols + c];
    out[row] = acc;
}
