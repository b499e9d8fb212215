// A column index computed from a local read before it is written (`c = t / c`:
// the slip an edit of `c = t / n` can make). Undefined in C++: the executor must
// fail the kernel, never crash on it.
__global__ void scatter_cols(const float* src, const int* idx, float* out, int n, int cols) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * cols) return;
    int r = t % n;
    int c;
    c = t / c;
    atomicAdd(&out[idx[r] * cols + c], src[t]);
}
