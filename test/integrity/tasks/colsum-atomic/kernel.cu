// Column sums of x[R][C] into a zero-filled out[C]: each block adds the
// partial sums of its rows with atomicAdd.
__global__ void colsum_atomic(const float* x, float* out, int R, int C) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r0 = blockIdx.y * 8;
    if (c >= C) return;
    float s = 0.0f;
    for (int r = r0; r < r0 + 8 && r < R; ++r) s += x[r * C + c];
    atomicAdd(&out[c], s);
}
