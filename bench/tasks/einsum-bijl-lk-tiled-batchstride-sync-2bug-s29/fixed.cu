#include <torch/extension.h>
#include <cuda_runtime.h>

// 4D tensor-matrix multiplication (KernelBench level 1, "4D_tensor_matrix_multiplication"):
//   C = torch.einsum("bijl,lk->bijk", A, B)
// A: [BATCH, I, J, L], B: [L, K], C: [BATCH, I, J, K], all contiguous.
// Per batch this is a plain GEMM of the (I*J) x L slab of A with B, so we flatten (i, j)
// into one row index and run a shared-memory tiled GEMM on a 3-D grid:
//   blockIdx.x -> tile of K columns, blockIdx.y -> tile of I*J rows, blockIdx.z -> batch.

__device__ __forceinline__ float load_or_zero(const float* __restrict__ p, int r, int c,
                                              int rows, int cols, int ld) {
    return (r < rows && c < cols) ? p[(size_t)r * ld + c] : 0.0f;
}

template <int TILE>
__global__ void einsum_bijl_lk_kernel(const float* __restrict__ A,
                                      const float* __restrict__ B,
                                      float* __restrict__ C,
                                      int IJ, int L, int K) {
    __shared__ float sA[TILE][TILE + 1];
    __shared__ float sB[TILE][TILE + 1];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int batch = blockIdx.z;
    const int row = blockIdx.y * TILE + ty;  // flattened (i, j)
    const int col = blockIdx.x * TILE + tx;  // k

    const float* __restrict__ Ab = A + (size_t)batch * IJ * L;
    float* __restrict__ Cb = C + (size_t)batch * IJ * K;

    float acc = 0.0f;
    const int numTiles = (L + TILE - 1) / TILE;
    for (int t = 0; t < numTiles; ++t) {
        const int l0 = t * TILE;
        sA[ty][tx] = load_or_zero(Ab, row, l0 + tx, IJ, L, L);
        sB[ty][tx] = load_or_zero(B, l0 + ty, col, L, K, K);
        __syncthreads();

#pragma unroll
        for (int kk = 0; kk < TILE; ++kk) {
            acc = fmaf(sA[ty][kk], sB[kk][tx], acc);
        }
        __syncthreads();
    }

    if (row < IJ && col < K) {
        Cb[(size_t)row * K + col] = acc;
    }
}

torch::Tensor einsum_bijl_lk(torch::Tensor A, torch::Tensor B) {
    TORCH_CHECK(A.is_cuda() && B.is_cuda(), "inputs must be CUDA tensors");
    A = A.contiguous();
    B = B.contiguous();
    const int BATCH = A.size(0), I = A.size(1), J = A.size(2), L = A.size(3);
    const int K = B.size(1);
    auto C = torch::empty({BATCH, I, J, K}, A.options());
    constexpr int TILE = 16;
    const int IJ = I * J;
    dim3 block(TILE, TILE);
    dim3 grid((K + TILE - 1) / TILE, (IJ + TILE - 1) / TILE, BATCH);
    einsum_bijl_lk_kernel<TILE><<<grid, block>>>(A.data_ptr<float>(), B.data_ptr<float>(),
                                                C.data_ptr<float>(), IJ, L, K);
    return C;
}
