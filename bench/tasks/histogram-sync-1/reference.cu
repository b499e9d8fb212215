__global__ void hist_ref(const unsigned char* data, unsigned int* hist, int n) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= 256) return;
    unsigned int c = 0;
    for (int i = 0; i < n; ++i) c += (data[i] == b) ? 1u : 0u;
    hist[b] += c;
}
