// Row sums with a shared-memory tree, correct for any block size.
#define TPB_MAX 1024

__global__ void row_sum_tree(const float* __restrict__ in, float* __restrict__ out,
                             int rows, int cols) {
    __shared__ float buf[TPB_MAX];
    int row = blockIdx.x;
    int tid = threadIdx.x;
    float acc = 0.0f;
    for (int c = tid; c < cols; c += blockDim.x)
        acc += in[row * cols + c];
    buf[tid] = acc;
    __syncthreads();
    // Fold any block size: the live prefix halves (rounding up) each step.
    for (int m = blockDim.x; m > 1; ) {
        int s = (m + 1) / 2;
        if (tid < s && tid + s < m) buf[tid] += buf[tid + s];
        __syncthreads();
        m = s;
    }
    if (tid == 0) out[row] = buf[0];
}
