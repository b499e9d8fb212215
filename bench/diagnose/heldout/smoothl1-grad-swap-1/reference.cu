__global__ void sl1_ref(const float *pred, const float *target, float *grad, int n, float inv_n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float d = pred[i] - target[i];
    float g = d > 1.0f ? 1.0f : (d < -1.0f ? -1.0f : d);
    grad[i] = g * inv_n;
}
