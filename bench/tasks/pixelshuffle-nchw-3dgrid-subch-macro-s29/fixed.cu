#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.PixelShuffle(r): [N, C*r*r, H, W] -> [N, C, H*r, W*r]
//   out[n, c, h*r + i, w*r + j] = in[n, c*r*r + i*r + j, h, w]
// One thread per output element, gathering from the input. 3-D grid:
//   x -> output column, y -> output row, z -> (n, c) plane of the output.

#define IN_OFF(n, ch, h, w)  ((((size_t)(n) * Cin + (ch)) * H + (h)) * W + (w))
#define OUT_OFF(n, c, h, w)  ((((size_t)(n) * C + (c)) * OH + (h)) * OW + (w))
#define SUB_CH(c, i, j)      ((c) * rr + (i) * r + (j))

__global__ void pixel_shuffle_kernel(const float* __restrict__ input,
                                     float* __restrict__ output,
                                     int C, int H, int W, int r) {
    const int OH = H * r;
    const int OW = W * r;
    const int rr = r * r;
    const int Cin = C * rr;

    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    if (ow >= OW || oh >= OH) return;

    const int plane = blockIdx.z;
    const int n = plane / C;
    const int c = plane - n * C;

    const int h = oh / r, i = oh - h * r;
    const int w = ow / r, j = ow - w * r;

    output[OUT_OFF(n, c, oh, ow)] = input[IN_OFF(n, SUB_CH(c, i, j), h, w)];
}

torch::Tensor pixel_shuffle(torch::Tensor x, int64_t r) {
    const int N = x.size(0), Cin = x.size(1), H = x.size(2), W = x.size(3);
    const int C = Cin / (r * r);
    auto y = torch::empty({N, C, H * r, W * r}, x.options());
    dim3 block(32, 8);
    dim3 grid((W * r + 31) / 32, (H * r + 7) / 8, N * C);
    pixel_shuffle_kernel<<<grid, block>>>(x.data_ptr<float>(), y.data_ptr<float>(), C, H, W, (int)r);
    return y;
}
