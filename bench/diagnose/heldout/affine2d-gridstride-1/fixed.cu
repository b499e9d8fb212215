// In-place per-column affine map over a matrix, 2-D grid-stride loops.
__global__ void affine_cols_2d(float *data, const float *gamma, int rows, int cols)
{
    for (int r = blockIdx.y * blockDim.y + threadIdx.y; r < rows; r += blockDim.y * gridDim.y) {
        for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < cols; c += blockDim.x * gridDim.x) {
            float v = data[r * cols + c];
            data[r * cols + c] = v * gamma[c] + 0.5f;
        }
    }
}
