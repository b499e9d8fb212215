__global__ void resize_ref(const float *in, float *out, int in_len, int out_len) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (j >= out_len) return;
    double pos = (double)j * (in_len - 1) / (double)(out_len - 1);
    int i0 = (int)pos;
    int i1 = i0 + 1 < in_len ? i0 + 1 : in_len - 1;
    double t = pos - i0;
    out[r * out_len + j] = (float)(in[r * in_len + i0] * (1.0 - t) + in[r * in_len + i1] * t);
}
