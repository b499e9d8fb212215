// out = x * 0.37 expected; the candidate scales by 2: an algorithmic slip that
// neither a KB repair nor a small edit (operator, operand, special constant)
// turns into the right kernel.
__global__ void halve(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = x[i] * 2.0f;
}
