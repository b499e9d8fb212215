#include <torch/extension.h>
#include <cuda_runtime.h>

#define BLOCK_X 16
#define BLOCK_Y 16

// ConvTranspose2d forward, gather form: every output pixel collects the input pixels
// that scatter onto it. input: [N, C_in, H_in, W_in], weight: [C_in, C_out, K, K],
// output: [N, C_out, H_out, W_out]. blockIdx.z = n * C_out + oc.
__global__ void conv_transpose2d_kernel(const float* __restrict__ input,
                                        const float* __restrict__ weight,
                                        const float* __restrict__ bias,
                                        float* __restrict__ output,
                                        int in_channels, int out_channels,
                                        int in_h, int in_w, int out_h, int out_w,
                                        int kernel_size, int stride, int padding) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    const int n = blockIdx.z / out_channels;
    const int oc = blockIdx.z % out_channels;
    if (ow >= out_w || oh >= out_h) return;

    float sum = (bias != nullptr) ? bias[oc] : 0.0f;

    for (int ic = 0; ic < in_channels; ++ic) {
        const float* in_plane = input + ((n * in_channels + ic) * in_h) * in_w;
        for (int kh = 0; kh < kernel_size; ++kh) {
            const int h_off = oh + padding - kh;
            if (h_off < 0 || h_off % stride != 0) continue;
            const int ih = h_off / stride;
            if (ih >= in_h) continue;
            for (int kw = 0; kw < kernel_size; ++kw) {
                const int w_off = ow + padding - kw;
                if (w_off < 0 || w_off % stride != 0) continue;
                const int iw = w_off / stride;
                if (iw >= in_w) continue;
                const int w_idx = ((oc * in_channels + ic) * kernel_size + kh) * kernel_size + kw;
                sum += in_plane[ih * in_w + iw] * weight[w_idx];
            }
        }
    }
    output[((n * out_channels + oc) * out_h + oh) * out_w + ow] = sum;
}

torch::Tensor conv_transpose2d_cuda(torch::Tensor input, torch::Tensor weight, torch::Tensor bias,
                                    int stride, int padding, int output_padding) {
    const int batch = input.size(0);
    const int in_channels = input.size(1);
    const int in_h = input.size(2);
    const int in_w = input.size(3);
    const int out_channels = weight.size(1);
    const int kernel_size = weight.size(2);
    const int out_h = (in_h - 1) * stride - 2 * padding + kernel_size + output_padding;
    const int out_w = (in_w - 1) * stride - 2 * padding + kernel_size + output_padding;
    auto output = torch::empty({batch, out_channels, out_h, out_w}, input.options());

    dim3 block(BLOCK_X, BLOCK_Y);
    dim3 grid((out_w + BLOCK_X - 1) / BLOCK_X, (out_h + BLOCK_Y - 1) / BLOCK_Y, batch * out_channels);
    conv_transpose2d_kernel<<<grid, block>>>(
        input.data_ptr<float>(), weight.data_ptr<float>(),
        bias.defined() ? bias.data_ptr<float>() : nullptr, output.data_ptr<float>(),
        in_channels, out_channels, in_h, in_w, out_h, out_w, kernel_size, stride, padding);
    return output;
}
