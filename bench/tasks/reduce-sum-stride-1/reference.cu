// one thread sums everything in double and adds it to out[0]
__global__ void sum_ref(const float* in, float* out, int n) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    double s = 0.0;
    for (int i = 0; i < n; ++i) s += in[i];
    out[0] = (float)(out[0] + s);
}
