// Reference: one thread per output element, flat index over [N, C*r*r, H/r, W/r].
__global__ void pixel_unshuffle_ref(const float* x, float* y, int N, int C, int H, int W, int r) {
    long long HO = H / r, WO = W / r, OC = (long long)C * r * r;
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)N * OC * HO * WO;
    if (t >= total) return;
    long long ow = t % WO;
    long long oh = (t / WO) % HO;
    long long oc = (t / (WO * HO)) % OC;
    long long n = t / (WO * HO * OC);
    long long c = oc / ((long long)r * r);
    long long i = (oc / r) % r;
    long long j = oc % r;
    long long src = ((n * C + c) * H + (oh * r + i)) * W + (ow * r + j);
    y[t] = x[src];
}
