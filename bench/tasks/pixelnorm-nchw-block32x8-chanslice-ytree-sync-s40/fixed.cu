// PixelNorm (ProGAN / StyleGAN "pixelwise feature vector normalisation"):
//   y[n, c, h, w] = x[n, c, h, w] / sqrt(mean_c x[n, :, h, w]^2 + eps)
// x, y: contiguous [N, C, H, W] float32.
//
// Layout of the work: a 32 x 8 block owns 32 consecutive pixels of one image.
//   threadIdx.x -> pixel (coalesced along H*W)
//   threadIdx.y -> channel slice (c = ty, ty + 8, ty + 16, ...)
// Each thread accumulates the sum of squares of its slice, the 8 slices are folded with a
// small tree over threadIdx.y in shared memory, and row 0 turns the total into 1/rms.
// grid = (ceil(H*W / 32), N)

#include <torch/extension.h>
#include <cuda_runtime.h>

#define PN_PIX 32
#define PN_SLICES 8

__global__ void pixel_norm_nchw_kernel(const float* __restrict__ x, float* __restrict__ y,
                                       int C, int HW, float eps) {
    __shared__ float ssq[PN_SLICES][PN_PIX + 1];
    __shared__ float inv_rms[PN_PIX];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int p = blockIdx.x * PN_PIX + tx;
    const bool active = p < HW;
    const size_t img = (size_t)blockIdx.y * C * HW;

    float acc = 0.0f;
    if (active) {
        for (int c = ty; c < C; c += PN_SLICES) {
            const float v = x[img + (size_t)c * HW + p];
            acc = fmaf(v, v, acc);
        }
    }
    ssq[ty][tx] = acc;
    __syncthreads();

    // fold the channel slices: 8 -> 4 -> 2 -> 1
#pragma unroll
    for (int s = PN_SLICES / 2; s > 0; s >>= 1) {
        if (ty < s) ssq[ty][tx] += ssq[ty + s][tx];
        __syncthreads();
    }

    if (ty == 0) inv_rms[tx] = rsqrtf(ssq[0][tx] / (float)C + eps);
    __syncthreads();

    if (active) {
        const float r = inv_rms[tx];
        for (int c = ty; c < C; c += PN_SLICES) {
            const size_t i = img + (size_t)c * HW + p;
            y[i] = x[i] * r;
        }
    }
}

torch::Tensor pixel_norm(torch::Tensor x, double eps) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 4 && x.is_contiguous(), "x: contiguous NCHW CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat, "x: float32");
    const int N = (int)x.size(0), C = (int)x.size(1);
    const int HW = (int)(x.size(2) * x.size(3));
    auto y = torch::empty_like(x);
    dim3 block(PN_PIX, PN_SLICES);
    dim3 grid((HW + PN_PIX - 1) / PN_PIX, N);
    pixel_norm_nchw_kernel<<<grid, block>>>(x.data_ptr<float>(), y.data_ptr<float>(), C, HW, (float)eps);
    return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("pixel_norm", &pixel_norm, "PixelNorm over channels (NCHW)");
}
