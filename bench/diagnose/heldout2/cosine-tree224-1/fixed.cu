// Row-wise cosine similarity of two matrices, one block per row.
// Three partial sums (a.b, a.a, b.b) share one dynamic shared-memory buffer of 3 * blockDim floats.
__global__ void rowwise_cosine(const float* __restrict__ a, const float* __restrict__ b,
                               float* __restrict__ out, int dim, float eps) {
    extern __shared__ float smem[];
    float* s_ab = smem;
    float* s_aa = smem + blockDim.x;
    float* s_bb = smem + 2 * blockDim.x;

    const int tid = threadIdx.x;
    const float* ar = a + (size_t)blockIdx.x * dim;
    const float* br = b + (size_t)blockIdx.x * dim;

    float ab = 0.f, aa = 0.f, bb = 0.f;
    for (int i = tid; i < dim; i += blockDim.x) {
        const float u = ar[i], v = br[i];
        ab += u * v;
        aa += u * u;
        bb += v * v;
    }
    s_ab[tid] = ab; s_aa[tid] = aa; s_bb[tid] = bb;
    __syncthreads();

    for (unsigned n = blockDim.x; n > 1; ) {
        const unsigned s = (n + 1) / 2;
        if (tid + s < n) {
            s_ab[tid] += s_ab[tid + s];
            s_aa[tid] += s_aa[tid + s];
            s_bb[tid] += s_bb[tid + s];
        }
        n = s;
        __syncthreads();
    }

    if (tid == 0) {
        const float denom = fmaxf(sqrtf(s_aa[0]) * sqrtf(s_bb[0]), eps);
        out[blockIdx.x] = s_ab[0] / denom;
    }
}
