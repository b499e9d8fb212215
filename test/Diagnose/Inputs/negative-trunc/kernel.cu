// nn.Upsample(scale_factor, mode='linear', align_corners=False) on [R, L]:
// the source coordinate is not clamped at 0 before its truncation.
__global__ void upsample_linear(const float* x, float* y, int R, int L, int OL, float scale) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (o >= OL || r >= R) return;
    float pos = (o + 0.5f) * scale - 0.5f;
    int left = (int)pos;
    int right = left + 1 < L ? left + 1 : L - 1;
    float t = pos - left;
    y[r * OL + o] = x[r * L + left] * (1.0f - t) + x[r * L + right] * t;
}
