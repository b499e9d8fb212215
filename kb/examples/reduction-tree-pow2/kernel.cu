// Row sums with a shared-memory tree. Tuned with 256-thread blocks; the
// pipeline later launched it with 96 threads per row to cut idle lanes.
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
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) buf[tid] += buf[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[row] = buf[0];
}
