// GroupNorm statistics + normalisation; one block of 128 threads per (n, group).
// Warp shuffles, then one shared slot per warp.
#define THREADS 128
#define WARPS (THREADS / 32)

__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffff, v, o);
    return v;
}

__global__ void group_norm(const float *x, float *y, int C, int HW, int G, float eps)
{
    __shared__ float s_sum[WARPS];
    __shared__ float s_sq[WARPS];
    int ng = blockIdx.x;
    int cpg = C / G;
    int count = cpg * HW;
    const float *xg = x + (size_t)ng * count;
    float *yg = y + (size_t)ng * count;

    float sum = 0.f, sq = 0.f;
    for (int i = threadIdx.x; i < count; i += THREADS) {
        float v = xg[i];
        sum += v;
        sq += v * v;
    }
    sum = warp_sum(sum);
    sq = warp_sum(sq);
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { s_sum[wid] = sum; s_sq[wid] = sq; }
    __syncthreads();
    float tot = 0.f, totsq = 0.f;
    for (int w = 0; w < WARPS; ++w) { tot += s_sum[w]; totsq += s_sq[w]; }
    float mean = tot / count;
    float var = (totsq - tot * mean) / count;
    float inv = rsqrtf(var + eps);
    for (int i = threadIdx.x; i < count; i += THREADS)
        yg[i] = (xg[i] - mean) * inv;
}
