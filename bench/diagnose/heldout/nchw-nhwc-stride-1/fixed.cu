// NCHW -> NHWC permutation, one thread per output element (flat index over N*H*W*C).
__global__ void nchw_to_nhwc(const float *__restrict__ in, float *__restrict__ out,
                             int N, int C, int HW)
{
    long total = (long)N * C * HW;
    long o = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= total) return;
    int c = o % C;
    long p = (o / C) % HW;
    long n = o / ((long)C * HW);
    out[o] = in[(n * C + c) * HW + p];
}
