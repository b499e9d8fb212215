#include <cuda_runtime.h>
#include <cfloat>

// nn.MaxPool3d(kernel_size, stride, padding, dilation) forward, NCDHW, float32.
// One thread per output voxel.
#define BLOCK_SIZE 256

template <typename scalar_t>
__global__ void maxpool3d_dilated_kernel(const scalar_t* __restrict__ input,
                                         scalar_t* __restrict__ output,
                                         const int batch_channels,
                                         const int in_d, const int in_h, const int in_w,
                                         const int out_d, const int out_h, const int out_w,
                                         const int kernel_size, const int stride,
                                         const int padding, const int dilation) {
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    const int total = batch_channels * out_d * out_h * out_w;
    if (idx >= total) return;

    const int w_out = idx % out_w;
    const int h_out = (idx / out_w) % out_h;
    const int d_out = (idx / (out_w * out_h)) % out_d;
    const int bc = idx / (out_w * out_h * out_d);

    // first tap of the window (may lie in the padding) and one-past-the-last tap, clipped
    int d_start = d_out * stride - padding;
    int h_start = h_out * stride - padding;
    int w_start = w_out * stride - padding;
    const int d_end = min(d_start + (kernel_size - 1) * dilation, in_d);
    const int h_end = min(h_start + (kernel_size - 1) * dilation + 1, in_h);
    const int w_end = min(w_start + (kernel_size - 1) * dilation + 1, in_w);
    // skip taps that fall into the (negative) padding, keeping the dilation phase
    while (d_start < 0) d_start += dilation;
    while (h_start < 0) h_start += dilation;
    while (w_start < 0) w_start += dilation;

    const scalar_t* in = input + (long long)bc * in_d * in_h * in_w;
    scalar_t max_val = -FLT_MAX;
    for (int d = d_start; d < d_end; d += dilation) {
        for (int h = h_start; h < h_end; h += dilation) {
            for (int w = w_start; w < w_end; w += dilation) {
                const scalar_t v = in[((long long)d * in_h + h) * in_w + w];
                max_val = fmaxf(max_val, v);
            }
        }
    }
    output[idx] = max_val;
}

template __global__ void maxpool3d_dilated_kernel<float>(const float*, float*, int, int, int, int,
                                                         int, int, int, int, int, int, int);
