// Reference: scatter-free direct formula, one thread per output voxel (blockIdx.y = n*Cout+co),
// explicit range checks, accumulation in double.
__global__ void convt3d_ref(const float* x, const float* w, float* y,
                            int Cin, int Cout, int D, int H, int W,
                            int OD, int OH, int OW, int K, int S, int P) {
    long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= (long long)OD * OH * OW) return;
    int nco = blockIdx.y;
    int co = nco % Cout, n = nco / Cout;
    int ow = (int)(o % OW), oh = (int)((o / OW) % OH), od = (int)(o / ((long long)OW * OH));
    double acc = 0.0;
    for (int ci = 0; ci < Cin; ++ci)
        for (int id = 0; id < D; ++id)
            for (int ih = 0; ih < H; ++ih)
                for (int iw = 0; iw < W; ++iw) {
                    int kd = od + P - id * S, kh = oh + P - ih * S, kw = ow + P - iw * S;
                    if (kd < 0 || kd >= K || kh < 0 || kh >= K || kw < 0 || kw >= K) continue;
                    acc += (double)x[(((long long)n * Cin + ci) * D + id) * H * W + (long long)ih * W + iw] *
                           (double)w[((((long long)ci * Cout + co) * K + kd) * K + kh) * K + kw];
                }
    y[(long long)nco * OD * OH * OW + o] = (float)acc;
}
