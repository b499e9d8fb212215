__global__ void ref(const float* in, float* out, int n) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    double s = out[0];
    for (int i = 0; i < n; ++i) s += in[i];
    out[0] = (float)s;
}
