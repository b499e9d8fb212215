__global__ void ema_ref(const float* param, const float* ema, float* ema_out, float decay, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    ema_out[i] = (float)((double)decay * ema[i] + (1.0 - (double)decay) * param[i]);
}
