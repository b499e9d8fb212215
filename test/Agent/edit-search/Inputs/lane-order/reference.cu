__global__ void axpb_ref(const float* a, const float* b, float* out, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] * s + b[i];
}
