#include <torch/extension.h>
#include <cuda_runtime.h>

// torch.tril(x, diagonal) for a batch of row-major matrices x [B, R, C] (contiguous).
// The whole tensor is processed as one flat array: float4 loads/stores over the first
// 4*floor(total/4) elements (grid-stride), then a scalar loop for the last total % 4 elements.
// Element e of the flat array is (b, r, c) with c = e % C and r = (e / C) % R.

#define THREADS 256
#define MAX_BLOCKS 48

__device__ __forceinline__ float tril_keep(float v, long long e, int R, int C, int diag) {
    const int c = (int)(e % C);
    const int r = (int)((e / C) % R);
    return (c - r <= diag) ? v : 0.0f;
}

__global__ void tril_batched_kernel(const float* __restrict__ x, float* __restrict__ out,
                                    long long total, int R, int C, int diag) {
    const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long stride = (long long)gridDim.x * blockDim.x;

    const long long nvec = total >> 2;
    const float4* __restrict__ x4 = reinterpret_cast<const float4*>(x);
    float4* __restrict__ o4 = reinterpret_cast<float4*>(out);
    for (long long v = tid; v < nvec; v += stride) {
        float4 a = x4[v];
        const long long e = v << 2;
        a.x = tril_keep(a.x, e + 0, R, C, diag);
        a.y = tril_keep(a.y, e + 1, R, C, diag);
        a.z = tril_keep(a.z, e + 2, R, C, diag);
        a.w = tril_keep(a.w, e + 3, R, C, diag);
        o4[v] = a;
    }

    // scalar tail: at most three elements, all in the last row of the last matrix
    for (long long e = (nvec << 2) + tid; e < total; e += stride) {
        const int c = (int)(e % C);
        const int r = (int)((e / C) % R);
        out[e] = (c - r <= diag) ? x[e] : 0.0f;
    }
}

torch::Tensor tril_batched(torch::Tensor x, int64_t diagonal) {
    auto xc = x.contiguous();
    const int C = xc.size(-1);
    const int R = xc.size(-2);
    const long long total = xc.numel();
    auto out = torch::empty_like(xc);
    long long blocks = ((total >> 2) + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    if (blocks < 1) blocks = 1;
    tril_batched_kernel<<<(int)blocks, THREADS>>>(xc.data_ptr<float>(), out.data_ptr<float>(),
                                                  total, R, C, (int)diagonal);
    return out;
}
