__global__ void top1_ref(const float* logits, int* expert, float* gate, int tokens) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= tokens) return;
    const float* lr = logits + (long long)t * 64;
    int bi = 0;
    for (int e = 1; e < 64; ++e) if (lr[e] > lr[bi]) bi = e;
    double s = 0;
    for (int e = 0; e < 64; ++e) s += exp((double)lr[e] - lr[bi]);
    expert[t] = bi;
    gate[t] = (float)(1.0 / s);
}
