#include <torch/extension.h>
#include <cuda_runtime.h>

// F.fold (col2im): sums the sliding-window columns produced by F.unfold back into an image.
//
//   columns: [N, C * KH * KW, OH * OW]      image: [N, C, H, W]
//   image[n, c, h, w] = sum over every window (oh, ow) and tap (kh, kw) with
//                       oh * stride - pad + kh == h  and  ow * stride - pad + kw == w
//                       of columns[n, (c * KH + kh) * KW + kw, oh * OW + ow]
//
// Gather formulation (one thread per image pixel, no atomics), as in caffe / ATen col2im:
// for a pixel we only visit the window positions that can cover it.
// Launch: 3-D grid, x over W (32 wide), y over H (8 high), z over N * C planes.

#define BLOCK_W 32
#define BLOCK_H 8

template <typename scalar_t>
__global__ void col2im_gather_kernel(const scalar_t* __restrict__ data_col,
                                     scalar_t* __restrict__ data_im,
                                     int H, int W, int KH, int KW, int pad, int stride,
                                     int OH, int OW) {
    const int w = blockIdx.x * BLOCK_W + threadIdx.x;
    const int h = blockIdx.y * BLOCK_H + threadIdx.y;
    const int plane = blockIdx.z;           // n * C + c
    if (w >= W || h >= H) return;

    const int h_im = h + pad;               // coordinates in the padded image
    const int w_im = w + pad;

    // window rows/cols whose receptive field contains (h_im, w_im)
    const int h_col_start = (h_im < KH) ? 0 : (h_im - KH) / stride + 1;
    const int h_col_end = min(h_im / stride, OH);
    const int w_col_start = (w_im < KW) ? 0 : (w_im - KW) / stride + 1;
    const int w_col_end = min(w_im / stride + 1, OW);

    // columns of this plane: rows plane * KH * KW .. (plane + 1) * KH * KW - 1
    // (batch and channel fold together because the column rows of channel c are contiguous)
    const scalar_t* col_plane = data_col + (size_t)plane * KH * KW * OH * OW;

    float val = 0.0f;
    for (int h_col = h_col_start; h_col < h_col_end; ++h_col) {
        const int kh = h_im - h_col * stride;
        for (int w_col = w_col_start; w_col < w_col_end; ++w_col) {
            const int kw = w_im - w_col * stride;
            const int c_col = kh * KW + kw;
            val += (float)col_plane[((size_t)c_col * OH + h_col) * W + w_col];
        }
    }
    data_im[(size_t)plane * H * W + (size_t)h * W + w] = (scalar_t)val;
}

template __global__ void col2im_gather_kernel<float>(const float*, float*, int, int, int, int, int, int, int, int);

torch::Tensor fold_forward(torch::Tensor cols, int64_t H, int64_t W, int64_t k, int64_t stride, int64_t pad) {
    TORCH_CHECK(cols.is_cuda() && cols.is_contiguous() && cols.dim() == 3, "columns: contiguous [N, C*k*k, L]");
    TORCH_CHECK(cols.size(1) % (k * k) == 0, "channel dim must be divisible by k*k");
    const int N = cols.size(0);
    const int C = cols.size(1) / (k * k);
    const int OH = (H + 2 * pad - k) / stride + 1;
    const int OW = (W + 2 * pad - k) / stride + 1;
    TORCH_CHECK(cols.size(2) == (int64_t)OH * OW, "L does not match output_size");
    auto im = torch::empty({N, C, H, W}, cols.options());
    const dim3 block(BLOCK_W, BLOCK_H);
    const dim3 grid((W + BLOCK_W - 1) / BLOCK_W, (H + BLOCK_H - 1) / BLOCK_H, N * C);
    AT_DISPATCH_FLOATING_TYPES(cols.scalar_type(), "col2im_gather", [&] {
        col2im_gather_kernel<scalar_t><<<grid, block>>>(cols.data_ptr<scalar_t>(), im.data_ptr<scalar_t>(),
                                                        H, W, k, k, pad, stride, OH, OW);
    });
    return im;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("fold_forward", &fold_forward, "F.fold (col2im)");
}
