// Reference: one thread per (b, j), gates in double.
__global__ void gru_cell_ref(const float* gi, const float* gh, const float* hx, float* hy, int B, int H) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)B * H) return;
    long long b = i / H;
    int j = (int)(i % H);
    const float* a = gi + b * 3 * H;
    const float* c = gh + b * 3 * H;
    double r = 1.0 / (1.0 + exp(-((double)a[j] + (double)c[j])));
    double z = 1.0 / (1.0 + exp(-((double)a[H + j] + (double)c[H + j])));
    double n = tanh((double)a[2 * H + j] + r * (double)c[2 * H + j]);
    hy[i] = (float)((1.0 - z) * n + z * (double)hx[i]);
}
