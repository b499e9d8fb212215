#include <torch/extension.h>
#include <cuda_runtime.h>

// torch.kron(A, B) for 2-D A [M, N] and B [P, Q]:
//   out[i * P + k, j * Q + l] = A[i, j] * B[k, l],   out: [M * P, N * Q]
//
// B is small and every block reuses all of it, so the block first copies B into dynamic shared
// memory (P * Q floats) and then walks its share of the output with a 2-D grid-stride loop
// (the grid is capped, each thread produces several outputs).

#define BX 32
#define BY 8
#define MAX_GRID_X 16
#define MAX_GRID_Y 16

__global__ void kron2d_kernel(const float* __restrict__ A, const float* __restrict__ B,
                              float* __restrict__ out, int M, int N, int P, int Q) {
    extern __shared__ float sB[];

    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int nthreads = blockDim.x * blockDim.y;
    for (int e = tid; e < P * Q; e += nthreads)
        sB[e] = B[e];
    __syncthreads();

    const int out_rows = M * P;
    const int out_cols = N * Q;
    for (int r = blockIdx.y * blockDim.y + threadIdx.y; r < out_rows; r += blockDim.y * gridDim.y) {
        const int i = r / P;
        const int k = r - i * P;
        const float* a_row = A + (size_t)i * N;
        const float* b_row = sB + k * Q;
        float* o_row = out + (size_t)r * out_cols;
        for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < out_cols; c += blockDim.x * gridDim.x) {
            const int j = c / Q;
            const int l = c - j * Q;
            o_row[c] = a_row[j] * b_row[l];
        }
    }
}

torch::Tensor kron2d(torch::Tensor A, torch::Tensor B) {
    TORCH_CHECK(A.is_cuda() && B.is_cuda() && A.dim() == 2 && B.dim() == 2);
    TORCH_CHECK(A.scalar_type() == torch::kFloat32 && B.scalar_type() == torch::kFloat32);
    A = A.contiguous();
    B = B.contiguous();
    const int M = A.size(0), N = A.size(1), P = B.size(0), Q = B.size(1);
    auto out = torch::empty({(int64_t)M * P, (int64_t)N * Q}, A.options());
    const dim3 block(BX, BY);
    const dim3 grid(std::min((N * Q + BX - 1) / BX, MAX_GRID_X), std::min((M * P + BY - 1) / BY, MAX_GRID_Y));
    const size_t smem = (size_t)P * Q * sizeof(float);
    kron2d_kernel<<<grid, block, smem>>>(A.data_ptr<float>(), B.data_ptr<float>(), out.data_ptr<float>(), M, N, P, Q);
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("kron2d", &kron2d, "torch.kron for 2-D tensors");
}
