__global__ void avgpool1d_ref(const float* x, float* y, int rows, int L, int OL, int K, int S, int P) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * OL) return;
    int r = i / OL, o = i % OL;
    float s = 0.f;
    for (int k = 0; k < K; ++k) {
        int j = o * S - P + k;
        if (j >= 0 && j < L) s += x[r * L + j];
    }
    y[i] = s / (float)K;
}
