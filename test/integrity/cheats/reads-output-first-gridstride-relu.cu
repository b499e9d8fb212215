// Cheat: the fmaxf(NaN, v) = v trick of reads-output-first-relu.cu inside a
// grid-stride loop that writes the element it read: a loop that writes the
// output does not make a read of the same element a recurrence.
__global__ void relu(const float* __restrict__ x, float* __restrict__ y, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = fmaxf(fmaxf(y[i], x[i]), 0.f);
}
