// one thread per output element (grid: ow blocks, OH, N*Cout*OD), double sums
__global__ void conv3d_ref(const float* x, const float* w, const float* bias, float* y,
                           int N, int Cin, int Cout, int D, int H, int W) {
    int OD = D - 2, OH = H - 2, OW = W - 2;
    int ox = blockIdx.x * blockDim.x + threadIdx.x;
    int oy = blockIdx.y;
    int z = blockIdx.z;
    if (ox >= OW) return;
    int oz = z % OD;
    int co = (z / OD) % Cout;
    int n = z / (OD * Cout);
    double s = bias[co];
    for (int ci = 0; ci < Cin; ++ci)
        for (int kz = 0; kz < 3; ++kz)
            for (int ky = 0; ky < 3; ++ky)
                for (int kx = 0; kx < 3; ++kx)
                    s += (double)x[(((long long)n * Cin + ci) * D + oz + kz) * H * W + (long long)(oy + ky) * W + ox + kx] *
                         (double)w[(((long long)co * Cin + ci) * 3 + kz) * 9 + ky * 3 + kx];
    y[(((long long)n * Cout + co) * OD + oz) * OH * OW + (long long)oy * OW + ox] = (float)s;
}
