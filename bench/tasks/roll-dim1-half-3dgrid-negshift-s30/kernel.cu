#include <torch/extension.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// torch.roll(x, shifts=shift, dims=1) for a contiguous [N, L, D] tensor:
//   out[n, l, :] = x[n, (l - shift) mod L, :]
// 3-D launch: blockIdx.z -> n, blockIdx.y -> l (one output row of D elements per (y, z)),
// x-dimension blocks stride over D.  Works for any element type (copy only).

__device__ __forceinline__ int normalize_shift(int shift, int len) {
    // bring the shift into [0, len)
    int s = shift % len;
    return s;
}

template <typename scalar_t>
__global__ void roll_dim1_kernel(const scalar_t* __restrict__ x,
                                 scalar_t* __restrict__ out,
                                 int L, int D, int shift) {
    const int n = blockIdx.z;
    const int l = blockIdx.y;
    const int s = normalize_shift(shift, L);

    int src = l - s;
    if (src < 0) src += L;

    const scalar_t* __restrict__ in_row = x + ((size_t)n * L + src) * D;
    scalar_t* __restrict__ out_row = out + ((size_t)n * L + l) * D;
    for (int d = blockIdx.x * blockDim.x + threadIdx.x; d < D; d += gridDim.x * blockDim.x) {
        out_row[d] = in_row[d];
    }
}

torch::Tensor roll_dim1_half(torch::Tensor x, int64_t shift) {
    TORCH_CHECK(x.dim() == 3 && x.scalar_type() == torch::kHalf, "expected a 3-D half tensor");
    auto xc = x.contiguous();
    auto out = torch::empty_like(xc);
    const int N = xc.size(0), L = xc.size(1), D = xc.size(2);
    const int threads = 64;
    int bx = (D + threads - 1) / threads;
    if (bx > 4) bx = 4;
    dim3 grid(bx, L, N);
    roll_dim1_kernel<__half><<<grid, threads>>>(reinterpret_cast<const __half*>(xc.data_ptr<at::Half>()),
                                                 reinterpret_cast<__half*>(out.data_ptr<at::Half>()),
                                                 L, D, (int)shift);
    return out;
}
