#include <torch/extension.h>
#include <cuda_runtime.h>

#define BLOCK_W 16
#define BLOCK_H 8

// AvgPool3d(kernel_size, stride, padding), count_include_pad=True, NCDHW input.
// 2-D thread block over (ow, oh); blockIdx.z folds (n*c, od).
template <typename scalar_t>
__global__ void avg_pool3d_forward_kernel(const scalar_t* __restrict__ input,
                                          scalar_t* __restrict__ output,
                                          const int in_d, const int in_h, const int in_w,
                                          const int out_d, const int out_h, const int out_w,
                                          const int kernel_size, const int stride, const int padding) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    const int od = blockIdx.z % out_d;
    const int nc = blockIdx.z / out_d;

    if (ow >= out_w || oh >= out_h) return;

    const int d_start = od * stride - padding;
    const int h_start = oh * stride - padding;
    const int w_start = ow * stride - padding;

    const scalar_t* in_ptr = input + (int64_t)nc * in_d * in_h * in_w;

    scalar_t sum = 0;
    for (int kd = 0; kd < kernel_size; ++kd) {
        const int id = d_start + kd;
        if (id < 0 || id >= in_d) continue;
        for (int kh = 0; kh < kernel_size; ++kh) {
            const int ih = h_start + kh;
            if (ih < 0 || ih >= in_h) continue;
            for (int kw = 0; kw < kernel_size; ++kw) {
                const int iw = w_start + kw;
                if (iw < 0 || iw >= in_w) continue;
                sum += in_ptr[(id * in_h + ih) * in_w + iw];
            }
        }
    }

    const int pool_size = kernel_size * kernel_size * kernel_size;
    const int64_t out_idx = (((int64_t)nc * out_d + od) * out_h + oh) * out_w + ow;
    output[out_idx] = sum / static_cast<scalar_t>(pool_size);
}

torch::Tensor avg_pool3d_cuda(torch::Tensor input, int kernel_size, int stride, int padding) {
    auto x = input.contiguous();
    const int batch = x.size(0), channels = x.size(1);
    const int in_d = x.size(2), in_h = x.size(3), in_w = x.size(4);
    const int out_d = (in_d + 2 * padding - kernel_size) / stride + 1;
    const int out_h = (in_h + 2 * padding - kernel_size) / stride + 1;
    const int out_w = (in_w + 2 * padding - kernel_size) / stride + 1;
    auto output = torch::empty({batch, channels, out_d, out_h, out_w}, x.options());

    dim3 block(BLOCK_W, BLOCK_H);
    dim3 grid((out_w + BLOCK_W - 1) / BLOCK_W, (out_h + BLOCK_H - 1) / BLOCK_H, batch * channels * out_d);
    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "avg_pool3d_forward", ([&] {
        avg_pool3d_forward_kernel<scalar_t><<<grid, block>>>(
            x.data_ptr<scalar_t>(), output.data_ptr<scalar_t>(),
            in_d, in_h, in_w, out_d, out_h, out_w, kernel_size, stride, padding);
    }));
    return output;
}
