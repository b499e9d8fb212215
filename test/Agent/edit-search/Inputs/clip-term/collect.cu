__global__ void shifted_len(const int* lo, int* len, int n, int w) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) len[i] = min(w - lo[i], n);
}
