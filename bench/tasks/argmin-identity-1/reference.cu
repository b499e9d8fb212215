// one thread per column; seeded with the first row
__global__ void argmin_ref(const float* m, long long* where, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols) return;
    float best = m[c];
    long long at = 0;
    for (int r = 1; r < rows; ++r)
        if (m[(long long)r * cols + c] < best) { best = m[(long long)r * cols + c]; at = r; }
    where[c] = at;
}
