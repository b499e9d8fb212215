#include <torch/extension.h>
#include <cuda_runtime.h>

// F.cosine_similarity(x1, x2, dim=1, eps=1e-8) for x1, x2: [R, D] f32 -> out: [R]
//   out[r] = <x1[r], x2[r]> / (max(||x1[r]||, eps) * max(||x2[r]||, eps))
// One block per row. The block is sized to the row (a multiple of 32, at most 256 threads) so
// short rows do not leave most threads idle. Three running sums per thread are reduced
// together through one dynamic shared buffer laid out as [3][blockDim.x].

__device__ __forceinline__ float clamp_norm(float sq, float eps) {
    return fmaxf(sqrtf(sq), eps);
}

__global__ void cosine_sim_rows(const float* __restrict__ x1, const float* __restrict__ x2,
                                float* __restrict__ out, int D, float eps) {
    extern __shared__ float sbuf[];
    const unsigned tid = threadIdx.x;
    const unsigned nt = blockDim.x;
    float* s_dot = sbuf;
    float* s_aa = sbuf + nt;
    float* s_bb = sbuf + 2 * nt;

    const size_t off = (size_t)blockIdx.x * D;
    const float* a = x1 + off;
    const float* b = x2 + off;

    float dot = 0.0f, aa = 0.0f, bb = 0.0f;
    for (int j = tid; j < D; j += nt) {
        const float va = a[j], vb = b[j];
        dot += va * vb;
        aa += va * va;
        bb += vb * vb;
    }
    s_dot[tid] = dot;
    s_aa[tid] = aa;
    s_bb[tid] = bb;
    __syncthreads();

    for (unsigned s = nt / 2; s > 0; s >>= 1) {
        if (tid < s) {
            s_dot[tid] += s_dot[tid + s];
            s_aa[tid] += s_aa[tid + s];
            s_bb[tid] += s_bb[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = s_dot[0] / (clamp_norm(s_aa[0], eps) * clamp_norm(s_bb[0], eps));
}

torch::Tensor cosine_similarity_rows(torch::Tensor x1, torch::Tensor x2, double eps) {
    const int R = x1.size(0), D = x1.size(1);
    auto out = torch::empty({R}, x1.options());
    int threads = ((D + 31) / 32) * 32;
    if (threads > 256) threads = 256;
    cosine_sim_rows<<<R, threads, 3 * threads * sizeof(float)>>>(
        x1.data_ptr<float>(), x2.data_ptr<float>(), out.data_ptr<float>(), D, (float)eps);
    return out;
}
