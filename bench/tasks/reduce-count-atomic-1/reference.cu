__global__ void count_ref(const float* x, int n, float thresh, unsigned int* count) {
    if (threadIdx.x + blockIdx.x != 0) return;
    unsigned int c = 0;
    for (int i = 0; i < n; ++i) c += x[i] > thresh ? 1u : 0u;
    count[0] += c;
}
