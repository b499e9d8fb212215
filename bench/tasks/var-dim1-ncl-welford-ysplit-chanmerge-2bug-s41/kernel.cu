// torch.var(x, dim=1) (unbiased, correction = 1) of an NCL tensor:
//   x: [N, C, L] float32  ->  out: [N, L] float32
//
// grid = (ceil(L / 32), N), block = 32 x 8. threadIdx.x picks the position l, the 8 rows of
// the block split the channel axis (c = ty, ty + 8, ...). Every thread keeps a Welford
// triple (count, mean, M2) over its channels; the 8 partials of a column are then merged
// pairwise in shared memory with Chan's formula.

#include <cuda_runtime.h>

#define VAR_BX 32
#define VAR_BY 8

__device__ __forceinline__ void welford_push(float& cnt, float& mean, float& m2, float v) {
    cnt += 1.0f;
    const float d = v - mean;
    mean += d / cnt;
    m2 += d * d;
}

// (na, ma, qa) <- (na, ma, qa) merged with (nb, mb, qb)
__device__ __forceinline__ void welford_merge(float& na, float& ma, float& qa,
                                              float nb, float mb, float qb) {
    const float n = na + nb;
    if (nb == 0.0f) return;
    const float delta = mb - ma;
    const float fb = nb / n;
    ma += delta * fb;
    qa += qb + delta * delta * na * fb;
    na = n;
}

__global__ void var_dim1_welford(const float* __restrict__ x, float* __restrict__ out,
                                 int C, int L) {
    __shared__ float s_cnt[VAR_BY][VAR_BX];
    __shared__ float s_mean[VAR_BY][VAR_BX];
    __shared__ float s_m2[VAR_BY][VAR_BX];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int n = blockIdx.y;
    const int l = blockIdx.x * VAR_BX + tx;

    float cnt = 0.0f, mean = 0.0f, m2 = 0.0f;
    if (l < L) {
        const float* xs = x + (size_t)n * C * L + l;
        for (int c = ty; c < C; c += VAR_BY)
            welford_push(cnt, mean, m2, __ldg(xs + (size_t)c * L));
    }
    s_cnt[ty][tx] = cnt;
    s_mean[ty][tx] = mean;
    s_m2[ty][tx] = m2;
    __syncthreads();

#pragma unroll
    for (int s = VAR_BY / 2; s > 0; s >>= 1) {
        if (ty < s) {
            welford_merge(cnt, mean, m2, s_cnt[ty + s][tx], s_mean[ty + s][tx], s_m2[ty + s][tx]);
            s_cnt[ty][tx] = cnt;
            s_mean[ty][tx] = mean;
            s_m2[ty][tx] = m2;
        }
        __syncthreads();
    }

    if (ty == 0 && l < L)
        out[(size_t)n * L + l] = m2 / cnt;
}
