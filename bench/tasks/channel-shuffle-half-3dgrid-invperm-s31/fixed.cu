#include <torch/extension.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// nn.ChannelShuffle(groups) on a contiguous half NCHW tensor (ShuffleNet):
//   x.view(N, g, C/g, H, W).transpose(1, 2).contiguous().view(N, C, H, W)
// 3-D launch: blockIdx.z = n, blockIdx.y = output channel, x-dimension blocks stride over H*W.

#define SHUFFLE_THREADS 128

// Input channel that lands in output channel c_out.
// View the C channels as a (groups x cpg) matrix; the shuffle stores its transpose.
__device__ __forceinline__ int shuffle_src_channel(int c_out, int groups, int cpg) {
    return (c_out % groups) * cpg + c_out / groups;
}

__global__ void channel_shuffle_kernel(const __half* __restrict__ x, __half* __restrict__ y,
                                       int C, int HW, int groups) {
    const int n = blockIdx.z;
    const int c_out = blockIdx.y;
    const int cpg = C / groups;
    const int c_in = shuffle_src_channel(c_out, groups, cpg);

    const __half* __restrict__ src = x + ((size_t)n * C + c_in) * HW;
    __half* __restrict__ dst = y + ((size_t)n * C + c_out) * HW;
    for (int p = blockIdx.x * SHUFFLE_THREADS + threadIdx.x; p < HW; p += gridDim.x * SHUFFLE_THREADS) {
        dst[p] = src[p];
    }
}

torch::Tensor channel_shuffle(torch::Tensor x, int64_t groups) {
    auto xc = x.contiguous();
    auto y = torch::empty_like(xc);
    const int N = xc.size(0), C = xc.size(1), HW = xc.size(2) * xc.size(3);
    TORCH_CHECK(C % groups == 0, "channels must be divisible by groups");
    int bx = (HW + SHUFFLE_THREADS - 1) / SHUFFLE_THREADS;
    if (bx > 8) bx = 8;
    dim3 grid(bx, C, N);
    channel_shuffle_kernel<<<grid, SHUFFLE_THREADS>>>(
        reinterpret_cast<const __half*>(xc.data_ptr<at::Half>()),
        reinterpret_cast<__half*>(y.data_ptr<at::Half>()), C, HW, (int)groups);
    return y;
}
