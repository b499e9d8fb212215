// naive transpose: 2-D grid over the input, one element per thread
__global__ void transpose_naive(float *out, const float *in, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;   // input column
    int r = blockIdx.y * blockDim.y + threadIdx.y;   // input row
    if (r < rows && c < cols)
        out[c * rows + r] = in[r * cols + c];
}
