__global__ void row_dot_ref(const float* m, const float* v, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.f;
    for (int c = 0; c < cols; ++c) s += m[r * cols + c] * v[c];
    out[r] = s;
}
