__global__ void count_above_ref(const float* x, int* counts, float thresh, int n) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= (n + 255) / 256) return;
    int c = 0;
    for (int i = b * 256; i < n && i < (b + 1) * 256; ++i) c += x[i] > thresh ? 1 : 0;
    counts[b] = c;
}
