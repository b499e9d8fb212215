// Reference: one thread per input element; its position in the sorted row is its rank
// (elements smaller than it, plus equal elements that come earlier).
__global__ void sort_rows_ref(const float* x, float* y, int rows, int cols) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)rows * cols) return;
    long long r = idx / cols;
    int c = (int)(idx % cols);
    const float* xr = x + r * cols;
    float v = xr[c];
    int rank = 0;
    for (int j = 0; j < cols; ++j) {
        float u = xr[j];
        if (u < v || (u == v && j < c)) ++rank;
    }
    y[r * cols + rank] = v;
}
