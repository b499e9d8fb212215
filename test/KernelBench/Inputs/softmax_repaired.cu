#define THREADS 256

__device__ float block_sum_helper(float v) { return v; }

__global__ void softmax_kernel(const float* x, float* y, int rows, int cols) {
    extern __shared__ float buf[];
    int row = blockIdx.x;
    const float* xr = x + (long)row * cols;
    float m = -FLT_MAX;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    buf[threadIdx.x] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] = fmaxf(buf[threadIdx.x], buf[threadIdx.x + s]);
        __syncthreads(); // kfix: barrier inserted
    }
    m = buf[0];
    float sum = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) sum += expf(xr[c] - m);
    __syncthreads();
    buf[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    sum = block_sum_helper(buf[0]);
    for (int c = threadIdx.x; c < cols; c += blockDim.x) y[(long)row * cols + c] = expf(xr[c] - m) / sum;
}
