// Mean of each CH-element chunk of x: one block per chunk, the last chunk
// shorter when n is no multiple of CH.
#define CH 256

__global__ void chunk_sums(const float* x, float* out, int n, int chunks) {
    __shared__ float part[128];
    int base = blockIdx.x * CH;
    int count = min(CH, n) - base;
    float acc = 0.0f;
    for (int i = threadIdx.x; i < count; i += blockDim.x)
        acc += x[base + i];
    part[threadIdx.x] = acc;
    __syncthreads();
    for (int s = 64; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = part[0] / count;
}
