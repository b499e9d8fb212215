// Block-diagonal (grouped) linear layer: y[b][o] = sum_k x[b][g*in_g + k] * w[o][k]
// with g = o / out_g, in_g = in_f / groups, out_g = out_f / groups.
// One thread per output element. The group's first input feature is taken
// with the output group width.
__global__ void grouped_linear(const float* x, const float* w, float* y,
                               int batch, int in_f, int out_f, int groups) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch * out_f) return;
    int b = t / out_f, o = t % out_f;
    int in_g = in_f / groups;
    int out_g = out_f / groups;
    int first = (o / out_g) * out_g;
    float acc = 0.0f;
    for (int k = 0; k < in_g; ++k)
        acc += x[b * in_f + (first + k)] * w[o * in_g + k];
    y[t] = acc;
}
