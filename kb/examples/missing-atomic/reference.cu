__global__ void sse_ref(const float* a, const float* b, float* loss, int n) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    float s = 0.f;
    for (int i = 0; i < n; ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
    loss[0] = loss[0] + s;
}
