#include <torch/extension.h>
#include <cuda.h>
#include <cuda_runtime.h>

// nn.AdaptiveMaxPool2d((OH, OW)) on an NCHW tensor.
// Output cell (oh, ow) of plane p = n * C + c takes the max over input rows
// [floor(oh * H / OH), ceil((oh + 1) * H / OH)) and the matching column range.
// Block (8, 8) over (ow, oh), blockIdx.z = plane.

__device__ __forceinline__ int pool_begin(int idx, int out_size, int in_size) {
    return (idx * in_size) / out_size;
}

__device__ __forceinline__ int pool_end(int idx, int out_size, int in_size) {
    return ((idx + 1) * in_size + out_size - 1) / out_size;
}

template <typename scalar_t>
__global__ void adaptive_max_pool2d_kernel(const scalar_t* __restrict__ input,
                                           scalar_t* __restrict__ output,
                                           const int H, const int W,
                                           const int OH, const int OW) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    const int plane = blockIdx.z;
    if (oh >= OH || ow >= OW) return;

    const int hs = pool_begin(oh, OH, H);
    const int he = pool_end(oh, OH, H);
    const int ws = pool_begin(ow, OW, W);
    const int we = pool_end(ow, W, OW);

    const scalar_t* __restrict__ in_p = input + (size_t)plane * H * W;
    scalar_t best = in_p[hs * W + ws];
    for (int ih = hs; ih < he; ++ih) {
        const scalar_t* __restrict__ row = in_p + ih * W;
        for (int iw = ws; iw < we; ++iw) {
            const scalar_t v = row[iw];
            best = v > best ? v : best;
        }
    }
    output[((size_t)plane * OH + oh) * OW + ow] = best;
}

template __global__ void adaptive_max_pool2d_kernel<float>(const float*, float*, int, int, int, int);

torch::Tensor adaptive_max_pool2d_cuda(torch::Tensor x, int64_t OH, int64_t OW) {
    const int N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    auto out = torch::empty({N, C, OH, OW}, x.options());
    const dim3 block(8, 8);
    const dim3 grid((OW + block.x - 1) / block.x, (OH + block.y - 1) / block.y, N * C);
    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "adaptive_max_pool2d_cuda", ([&] {
        adaptive_max_pool2d_kernel<scalar_t><<<grid, block>>>(
            x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), H, W, (int)OH, (int)OW);
    }));
    return out;
}
