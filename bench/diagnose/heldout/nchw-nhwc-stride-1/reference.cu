__global__ void perm_ref(const float *in, float *out, int N, int C, int HW) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;   // over the input, NCHW
    if (i >= N * C * HW) return;
    int p = i % HW, c = (i / HW) % C, n = i / (C * HW);
    out[(n * HW + p) * C + c] = in[i];
}
