#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

// torch.logsumexp(x, dim=1) for x: [B, C, L] (reduction over the middle, strided dim).
// Block (32, CSPLIT): threadIdx.x walks L (coalesced), threadIdx.y splits the C channels.
// Each thread keeps an online (max, sum-of-exp) pair; the CSPLIT pairs of a column are
// merged through shared memory by the threadIdx.y == 0 row.
// Grid: (ceil(L / 32), B).

#define LTILE 32
#define CSPLIT 8

// online update of a (max, sum of exp(x - max)) pair with one value
__device__ __forceinline__ void online_add(float& m, float& s, float v) {
    if (v > m) {
        s = s * expf(m - v) + 1.0f;
        m = v;
    } else {
        s += expf(v - m);
    }
}

// (m, s) <- merge of (m, s) and (m2, s2); a pair with s == 0 is empty
__device__ __forceinline__ void merge(float& m, float& s, float m2, float s2) {
    if (s2 == 0.0f) return;
    if (s == 0.0f) { m = m2; s = s2; return; }
    const float mn = fmaxf(m, m2);
    s = s * expf(m - mn) + s2 * expf(m - mn);
    m = mn;
}

__global__ void logsumexp_dim1_kernel(const float* __restrict__ x, float* __restrict__ out,
                                      int C, int L) {
    __shared__ float sm[CSPLIT][LTILE];
    __shared__ float ss[CSPLIT][LTILE];

    const int b = blockIdx.y;
    const int l = blockIdx.x * LTILE + threadIdx.x;
    const int ty = threadIdx.y;

    float m = -INFINITY, s = 0.0f;
    if (l < L) {
        const float* __restrict__ xb = x + (size_t)b * C * L + l;
        for (int c = ty; c < C; c += CSPLIT) online_add(m, s, xb[(size_t)c * L]);
    }
    sm[ty][threadIdx.x] = m;
    ss[ty][threadIdx.x] = s;
    __syncthreads();

    if (ty == 0 && l < L) {
        for (int j = 1; j < CSPLIT; ++j) merge(m, s, sm[j][threadIdx.x], ss[j][threadIdx.x]);
        out[(size_t)b * L + l] = m + logf(s);
    }
}

torch::Tensor logsumexp_dim1(torch::Tensor x) {
    auto xc = x.contiguous();
    const int B = xc.size(0), C = xc.size(1), L = xc.size(2);
    auto out = torch::empty({B, L}, xc.options());
    dim3 block(LTILE, CSPLIT);
    dim3 grid((L + LTILE - 1) / LTILE, B);
    logsumexp_dim1_kernel<<<grid, block>>>(xc.data_ptr<float>(), out.data_ptr<float>(), C, L);
    return out;
}
