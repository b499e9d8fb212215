#include <torch/extension.h>
#include <cuda_runtime.h>

// torch.cdist(x1, x2, p=2.0): x1 [B, P, M], x2 [B, R, M] -> out [B, P, R]
//   out[b, i, j] = sqrt(sum_k (x1[b, i, k] - x2[b, j, k])^2)
// Direct (not the mm-based expansion): 16x16 output tiles, the two operand tiles are staged
// in shared memory 16 features at a time; gridDim.z walks the batch.

constexpr int TS = 16;

__global__ void cdist_p2_tiled_kernel(const float* __restrict__ x1,
                                      const float* __restrict__ x2,
                                      float* __restrict__ out,
                                      int P, int R, int M) {
    __shared__ float As[TS][TS + 1];  // As[row of x1][feature]
    __shared__ float Bs[TS][TS + 1];  // Bs[row of x2][feature]

    const int b = blockIdx.z;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.y * TS + ty;   // x1 row (output row)
    const int j = blockIdx.x * TS + tx;   // x2 row (output column)
    const int jload = blockIdx.x * TS + ty;  // x2 row this thread stages

    const float* __restrict__ A = x1 + (size_t)b * P * M;
    const float* __restrict__ Bm = x2 + (size_t)b * R * M;

    float acc = 0.0f;
    for (int k0 = 0; k0 < M; k0 += TS) {
        const int k = k0 + tx;
        As[ty][tx] = (i < P && k < M) ? A[(size_t)i * M + k] : 0.0f;
        Bs[ty][tx] = (jload < R) ? Bm[(size_t)jload * M + k] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TS; ++kk) {
            const float d = As[ty][kk] - Bs[tx][kk];
            acc = fmaf(d, d, acc);
        }
        __syncthreads();
    }
    if (i < P && j < R) out[((size_t)b * P + i) * R + j] = sqrtf(acc);
}

torch::Tensor cdist_p2(torch::Tensor x1, torch::Tensor x2) {
    const int B = x1.size(0), P = x1.size(1), M = x1.size(2), R = x2.size(1);
    auto out = torch::empty({B, P, R}, x1.options());
    dim3 block(TS, TS);
    dim3 grid((R + TS - 1) / TS, (P + TS - 1) / TS, B);
    cdist_p2_tiled_kernel<<<grid, block>>>(x1.data_ptr<float>(), x2.data_ptr<float>(), out.data_ptr<float>(), P, R, M);
    return out;
}
