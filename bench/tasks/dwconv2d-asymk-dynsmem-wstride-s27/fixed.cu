#include <torch/extension.h>
#include <cuda.h>
#include <cuda_runtime.h>

// Depthwise Conv2d with an asymmetric kernel (groups = in_channels = out_channels),
// stride 1, padding (pad_h, pad_w), NCHW. Each block computes a TILE_H x TILE_W tile of
// one (n, c) output plane. The input patch it needs, (TILE_H + KH - 1) x (TILE_W + KW - 1),
// is staged in dynamic shared memory first (zero-filled where it falls into the padding).

#define TILE_W 16
#define TILE_H 16

template <typename scalar_t>
__global__ void depthwise_conv2d_kernel(const scalar_t* __restrict__ input,
                                        const scalar_t* __restrict__ weight,
                                        const scalar_t* __restrict__ bias,
                                        scalar_t* __restrict__ output,
                                        const int C, const int H, const int W,
                                        const int KH, const int KW,
                                        const int pad_h, const int pad_w,
                                        const int H_out, const int W_out) {
    extern __shared__ unsigned char smem_raw[];
    scalar_t* tile = reinterpret_cast<scalar_t*>(smem_raw);

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int nc = blockIdx.z;           // n * C + c
    const int c = nc % C;
    const int ox0 = blockIdx.x * TILE_W;
    const int oy0 = blockIdx.y * TILE_H;

    const int sh = TILE_H + KH - 1;
    const int sw = TILE_W + KW - 1;
    const scalar_t* in_plane = input + (size_t)nc * H * W;

    // cooperative load of the halo'd input patch
    const int nthreads = blockDim.x * blockDim.y;
    for (int i = ty * blockDim.x + tx; i < sh * sw; i += nthreads) {
        const int r = i / sw;
        const int q = i % sw;
        const int ih = oy0 - pad_h + r;
        const int iw = ox0 - pad_w + q;
        scalar_t v = 0;
        if (ih >= 0 && ih < H && iw >= 0 && iw < W) v = in_plane[ih * W + iw];
        tile[i] = v;
    }
    __syncthreads();

    const int ox = ox0 + tx;
    const int oy = oy0 + ty;
    if (ox >= W_out || oy >= H_out) return;

    const scalar_t* wc = weight + (size_t)c * KH * KW;
    scalar_t acc = bias[c];
    for (int kh = 0; kh < KH; ++kh) {
        const scalar_t* trow = tile + (ty + kh) * sw + tx;
#pragma unroll 4
        for (int kw = 0; kw < KW; ++kw) {
            acc += trow[kw] * wc[kh * KW + kw];
        }
    }
    output[(size_t)nc * H_out * W_out + oy * W_out + ox] = acc;
}

template __global__ void depthwise_conv2d_kernel<float>(const float*, const float*, const float*,
                                                        float*, int, int, int, int, int, int,
                                                        int, int, int);

torch::Tensor forward(torch::Tensor x, torch::Tensor w, torch::Tensor b, int pad_h, int pad_w) {
    const int N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    const int KH = w.size(2), KW = w.size(3);
    const int H_out = H + 2 * pad_h - KH + 1;
    const int W_out = W + 2 * pad_w - KW + 1;
    auto out = torch::empty({N, C, H_out, W_out}, x.options());
    dim3 block(TILE_W, TILE_H);
    dim3 grid((W_out + TILE_W - 1) / TILE_W, (H_out + TILE_H - 1) / TILE_H, N * C);
    const size_t smem = (TILE_H + KH - 1) * (TILE_W + KW - 1) * sizeof(float);
    depthwise_conv2d_kernel<float><<<grid, block, smem>>>(
        x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(), out.data_ptr<float>(),
        C, H, W, KH, KW, pad_h, pad_w, H_out, W_out);
    return out;
}
