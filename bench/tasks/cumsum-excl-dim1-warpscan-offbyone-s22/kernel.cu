#include <torch/extension.h>
#include <cuda_runtime.h>

#define WARP_SIZE 32
#define WARPS_PER_BLOCK 4

// Kogge-Stone inclusive scan across the 32 lanes of a warp.
template <typename scalar_t>
__device__ __forceinline__ scalar_t warp_inclusive_scan(scalar_t val, const int lane) {
#pragma unroll
    for (int offset = 1; offset < WARP_SIZE; offset <<= 1) {
        scalar_t up = __shfl_up_sync(0xffffffff, val, offset);
        if (lane > offset) val += up;
    }
    return val;
}

// Exclusive cumsum along dim=1 of a contiguous (batch, length, inner) tensor.
// One warp per (batch, inner) column: threadIdx.x is the lane, threadIdx.y the warp
// inside the block. The warp walks the column in chunks of 32 and carries the running total.
template <typename scalar_t>
__global__ void exclusive_cumsum_dim1_kernel(const scalar_t* __restrict__ input,
                                             scalar_t* __restrict__ output,
                                             const int batch_size,
                                             const int length,
                                             const int inner) {
    const int lane = threadIdx.x;
    const int col = blockIdx.x * WARPS_PER_BLOCK + threadIdx.y;
    if (col >= batch_size * inner) return;

    const int b = col / inner;
    const int d = col % inner;
    const scalar_t* in_col = input + (int64_t)b * length * inner + d;
    scalar_t* out_col = output + (int64_t)b * length * inner + d;

    scalar_t carry = scalar_t(0);
    for (int base = 0; base < length; base += WARP_SIZE) {
        const int l = base + lane;
        scalar_t v = (l < length) ? in_col[(int64_t)l * inner] : scalar_t(0);
        scalar_t incl = warp_inclusive_scan(v, lane);
        if (l < length) {
            out_col[(int64_t)l * inner] = carry + incl - v;
        }
        carry += __shfl_sync(0xffffffff, incl, WARP_SIZE - 1);
    }
}

torch::Tensor exclusive_cumsum_cuda(torch::Tensor input, int64_t dim) {
    TORCH_CHECK(dim == 1, "only dim=1 is implemented");
    auto x = input.contiguous();
    const int batch_size = x.size(0);
    const int length = x.size(1);
    const int inner = x.numel() / (batch_size * length);
    auto output = torch::empty_like(x);

    dim3 block(WARP_SIZE, WARPS_PER_BLOCK);
    dim3 grid((batch_size * inner + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK);
    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "exclusive_cumsum_dim1", ([&] {
        exclusive_cumsum_dim1_kernel<scalar_t><<<grid, block>>>(
            x.data_ptr<scalar_t>(), output.data_ptr<scalar_t>(), batch_size, length, inner);
    }));
    return output;
}
