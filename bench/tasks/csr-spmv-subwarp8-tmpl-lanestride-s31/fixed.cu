#include <torch/extension.h>
#include <cuda_runtime.h>

// y = A @ x for a CSR matrix A (int32 row_ptr / col_idx, float values), "CSR-vector" style:
// a sub-warp of TPR lanes per row, each lane strides over the row's nonzeros, then the TPR
// partial sums are combined with xor shuffles inside the sub-warp. Short rows (a dozen or so
// nonzeros) waste fewer lanes with TPR = 8 than with a whole warp per row.

#define WARP_SIZE 32
#define FULL_MASK 0xffffffffu

template <int TPR>
__device__ __forceinline__ float subwarp_sum(float v) {
#pragma unroll
    for (int off = TPR / 2; off > 0; off >>= 1)
        v += __shfl_xor_sync(FULL_MASK, v, off);
    return v;
}

template <int TPR>
__global__ void csr_spmv_subwarp_kernel(const int* __restrict__ row_ptr,
                                        const int* __restrict__ col_idx,
                                        const float* __restrict__ vals,
                                        const float* __restrict__ x,
                                        float* __restrict__ y,
                                        int rows) {
    const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = gtid / TPR;
    const int lane = threadIdx.x & (TPR - 1);

    float sum = 0.0f;
    if (row < rows) {
        const int start = row_ptr[row];
        const int end = row_ptr[row + 1];
        for (int j = start + lane; j < end; j += TPR)
            sum += vals[j] * __ldg(&x[col_idx[j]]);
    }
    // every lane of the warp takes part in the shuffles, also those past the last row
    sum = subwarp_sum<TPR>(sum);
    if (row < rows && lane == 0) y[row] = sum;
}

torch::Tensor csr_spmv(torch::Tensor row_ptr, torch::Tensor col_idx, torch::Tensor vals,
                       torch::Tensor x) {
    const int rows = row_ptr.numel() - 1;
    auto y = torch::empty({rows}, x.options());
    constexpr int TPR = 8;
    const int threads = 128;
    const int blocks = (rows * TPR + threads - 1) / threads;
    csr_spmv_subwarp_kernel<TPR><<<blocks, threads>>>(row_ptr.data_ptr<int>(), col_idx.data_ptr<int>(),
                                                      vals.data_ptr<float>(), x.data_ptr<float>(),
                                                      y.data_ptr<float>(), rows);
    return y;
}
