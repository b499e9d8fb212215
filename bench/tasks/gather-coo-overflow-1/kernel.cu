#include <torch/extension.h>
#include <cstdint>

// Linearise COO coordinates of a (huge) sparse M x N matrix: lin[i] = row[i] * N + col[i].
// The matrix is never materialised; only the nnz coordinates are.
__global__ void coo_linear_index(const int* __restrict__ row, const int* __restrict__ col,
                                 int64_t* __restrict__ lin, int nnz, int ncols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nnz) {
        lin[i] = row[i] * ncols + col[i];
    }
}

torch::Tensor coo_to_linear(torch::Tensor row, torch::Tensor col, int64_t ncols) {
    auto lin = torch::empty({row.numel()}, row.options().dtype(torch::kLong));
    const int nnz = row.numel();
    coo_linear_index<<<(nnz + 255) / 256, 256>>>(row.data_ptr<int>(), col.data_ptr<int>(),
                                                 lin.data_ptr<int64_t>(), nnz, (int)ncols);
    return lin;
}
