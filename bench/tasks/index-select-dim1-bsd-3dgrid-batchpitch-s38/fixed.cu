// torch.index_select(x, dim=1, index) for a 3-D tensor:
//   x: [B, S, D] float32, index: [K] int64 (values in [0, S)), y: [B, K, D]
//   y[b, k, d] = x[b, index[k], d]
// 3-D launch: grid = (ceil(D/32), ceil(K/8), B), block = (32, 8).
// threadIdx.x walks the feature dim (coalesced), threadIdx.y picks the selected slot.

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cstdint>

constexpr int kTileD = 32;
constexpr int kTileK = 8;

// element offset of batch b in a dense [*, rows, D] tensor
__device__ __forceinline__ size_t batch_offset(int b, int rows, int D) {
    return (size_t)b * rows * D;
}

template <typename scalar_t>
__global__ void index_select_dim1_kernel(const scalar_t* __restrict__ x,
                                         const int64_t* __restrict__ index,
                                         scalar_t* __restrict__ y,
                                         int S, int K, int D) {
    const int d = blockIdx.x * kTileD + threadIdx.x;
    const int k = blockIdx.y * kTileK + threadIdx.y;
    const int b = blockIdx.z;
    if (d >= D || k >= K) return;

    const int64_t src_row = __ldg(&index[k]);
    const scalar_t* xb = x + batch_offset(b, S, D);
    scalar_t* yb = y + batch_offset(b, K, D);
    yb[(size_t)k * D + d] = xb[(size_t)src_row * D + d];
}

torch::Tensor index_select_dim1(torch::Tensor x, torch::Tensor index) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 3 && x.is_contiguous(), "x: contiguous [B, S, D] CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat, "x: float32");
    TORCH_CHECK(index.is_cuda() && index.dim() == 1 && index.scalar_type() == torch::kLong, "index: 1-D int64 CUDA tensor");
    const int B = (int)x.size(0), S = (int)x.size(1), D = (int)x.size(2);
    const int K = (int)index.size(0);
    auto y = torch::empty({B, K, D}, x.options());
    dim3 block(kTileD, kTileK);
    dim3 grid((D + kTileD - 1) / kTileD, (K + kTileK - 1) / kTileK, B);
    index_select_dim1_kernel<float><<<grid, block>>>(
        x.data_ptr<float>(), index.data_ptr<int64_t>(), y.data_ptr<float>(), S, K, D);
    return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("index_select_dim1", &index_select_dim1, "index_select along dim 1");
}
