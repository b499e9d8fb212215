__global__ void block_max_ref(const float* in, float* partial, int n) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b * 256 >= n) return;
    float m = in[b * 256];
    for (int j = b * 256 + 1; j < n && j < b * 256 + 256; ++j) m = fmaxf(m, in[j]);
    partial[b] = m;
}
