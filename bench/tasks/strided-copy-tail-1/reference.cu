__global__ void pack_ref(const float* src, float* packed, int rows, int cols, int ld) {
    int r = blockIdx.x;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        packed[r * cols + c] = src[r * ld + c];
}
