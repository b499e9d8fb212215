__global__ void grouped_linear_ref(const float* x, const float* w, float* y,
                                   int batch, int in_f, int out_f, int groups) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (o >= out_f) return;
    int in_g = in_f / groups, out_g = out_f / groups;
    int g = o / out_g;
    float acc = 0.0f;
    for (int k = 0; k < in_g; ++k) acc += x[b * in_f + g * in_g + k] * w[o * in_g + k];
    y[b * out_f + o] = acc;
}
