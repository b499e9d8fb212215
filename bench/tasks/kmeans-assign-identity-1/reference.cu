__global__ void assign_ref(const float* pts, const float* cent, int* label, int n, int k, int d) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    int best = 0;
    float bestd = 0.0f;
    for (int c = 0; c < k; ++c) {
        float s = 0.0f;
        for (int j = 0; j < d; ++j) {
            float t = pts[p * d + j] - cent[c * d + j];
            s += t * t;
        }
        if (c == 0 || s < bestd) { bestd = s; best = c; }
    }
    label[p] = best;
}
