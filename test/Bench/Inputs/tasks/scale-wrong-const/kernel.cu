// out = x * 0.5 expected; the candidate scales by 2 (an algorithmic slip no
// repair pass in kfix's KB addresses).
__global__ void halve(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = x[i] * 2.0f;
}
