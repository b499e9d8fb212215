__global__ void swiglu_ref(const float* gate, const float* up, float* out, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float g = gate[i]; out[i] = g / (1.0f + expf(-g)) * up[i]; }
}
