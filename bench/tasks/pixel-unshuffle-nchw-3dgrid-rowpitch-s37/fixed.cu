// pixel_unshuffle (space-to-depth), torch.nn.functional.pixel_unshuffle(x, r):
//   x: [N, C, H, W]  ->  y: [N, C*r*r, H/r, W/r]
//   y[n, c*r*r + i*r + j, oh, ow] = x[n, c, oh*r + i, ow*r + j]
// 3-D launch: grid = (ceil(WO/16), ceil(HO/16), N * C*r*r), block = (16, 16);
// each thread gathers one output element.

#include <torch/extension.h>
#include <cuda_runtime.h>

#define TILE_W 16
#define TILE_H 16

__global__ void pixel_unshuffle_kernel(const float* __restrict__ x, float* __restrict__ y,
                                       int C, int H, int W, int r) {
    const int HO = H / r;
    const int WO = W / r;
    const int OC = C * r * r;

    const int ow = blockIdx.x * TILE_W + threadIdx.x;
    const int oh = blockIdx.y * TILE_H + threadIdx.y;
    const int n = blockIdx.z / OC;
    const int oc = blockIdx.z % OC;
    if (ow >= WO || oh >= HO) return;

    // output channel -> (source channel, row phase, column phase)
    const int c = oc / (r * r);
    const int i = (oc / r) % r;
    const int j = oc % r;

    const float* plane = x + ((size_t)n * C + c) * H * W;
    const int ih = oh * r + i;
    const int iw = ow * r + j;
    float* out = y + ((size_t)n * OC + oc) * HO * WO;
    out[(size_t)oh * WO + ow] = plane[(size_t)ih * W + iw];
}

torch::Tensor pixel_unshuffle_forward(torch::Tensor x, int64_t r) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 4 && x.is_contiguous(), "x: contiguous NCHW CUDA tensor");
    const int N = (int)x.size(0), C = (int)x.size(1), H = (int)x.size(2), W = (int)x.size(3);
    TORCH_CHECK(H % r == 0 && W % r == 0, "H and W must be divisible by r");
    const int HO = H / (int)r, WO = W / (int)r, OC = C * (int)(r * r);
    auto y = torch::empty({N, OC, HO, WO}, x.options());
    dim3 block(TILE_W, TILE_H);
    dim3 grid((WO + TILE_W - 1) / TILE_W, (HO + TILE_H - 1) / TILE_H, N * OC);
    pixel_unshuffle_kernel<<<grid, block>>>(x.data_ptr<float>(), y.data_ptr<float>(), C, H, W, (int)r);
    return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("forward", &pixel_unshuffle_forward, "pixel_unshuffle forward");
}
