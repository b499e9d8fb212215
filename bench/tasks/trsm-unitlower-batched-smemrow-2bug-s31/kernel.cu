#include <torch/extension.h>
#include <cuda_runtime.h>

// Batched forward substitution with a unit lower-triangular matrix:
//   X = torch.linalg.solve_triangular(L, B, upper=False, unitriangular=True)
//   L: [batch, n, n] (diagonal and upper part ignored), B, X: [batch, n, K]
// Grid (ceil(K / TS), batch); each thread owns one right-hand-side column and walks down the
// rows. Row i of L (its first i entries) is staged in shared memory by the whole block, so the
// inner loop reads it from smem instead of every thread reading the same global values.

#define TS 32
#define MAX_N 128

__global__ void trsm_unit_lower_kernel(const float* __restrict__ L,
                                       const float* __restrict__ B,
                                       float* __restrict__ X,
                                       int n, int K) {
    __shared__ float Lrow[MAX_N];
    const int b = blockIdx.y;
    const int k = blockIdx.x * TS + threadIdx.x;

    const float* __restrict__ Lb = L + (size_t)b * n * K;
    const float* __restrict__ Bb = B + (size_t)b * n * K;
    float* __restrict__ Xb = X + (size_t)b * n * K;

    for (int i = 0; i < n; ++i) {
        // stage L[i, 0:i]
        if (threadIdx.x < i) Lrow[threadIdx.x] = Lb[(size_t)i * n + threadIdx.x];
        __syncthreads();

        if (k < K) {
            float acc = Bb[(size_t)i * K + k];
            for (int j = 0; j < i; ++j) acc -= Lrow[j] * Xb[(size_t)j * K + k];
            Xb[(size_t)i * K + k] = acc;  // unit diagonal: no division
        }
        __syncthreads();  // Lrow is overwritten by the next row
    }
}

torch::Tensor trsm_unit_lower(torch::Tensor L, torch::Tensor B) {
    const int batch = L.size(0), n = L.size(1), K = B.size(2);
    TORCH_CHECK(n <= MAX_N, "n too large");
    auto X = torch::empty_like(B);
    dim3 grid((K + TS - 1) / TS, batch);
    trsm_unit_lower_kernel<<<grid, TS>>>(L.data_ptr<float>(), B.data_ptr<float>(), X.data_ptr<float>(), n, K);
    return X;
}
