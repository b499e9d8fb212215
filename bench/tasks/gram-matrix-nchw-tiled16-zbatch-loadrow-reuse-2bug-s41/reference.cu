// Reference Gram matrix: one thread per G[n, i, j], double accumulation over H*W.
__global__ void gram_ref(const float* x, float* G, int N, int C, int HW) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= (long long)N * C * C) return;
    long long n = t / ((long long)C * C);
    int i = (int)((t / C) % C), j = (int)(t % C);
    const float* Fi = x + (n * C + i) * (long long)HW;
    const float* Fj = x + (n * C + j) * (long long)HW;
    double s = 0.0;
    for (int p = 0; p < HW; ++p) s += (double)Fi[p] * (double)Fj[p];
    G[t] = (float)(s / ((double)C * (double)HW));
}
