// Anisotropic total-variation loss per image (kornia.losses.total_variation, reduction="sum"):
//   x: [N, C, H, W] float32 -> out: [N]
//   out[n] = sum_{c,h,w} |x[n,c,h+1,w] - x[n,c,h,w]|  (h < H-1)
//          + sum_{c,h,w} |x[n,c,h,w+1] - x[n,c,h,w]|  (w < W-1)
// Launch: grid = (blocks_per_image, N), block = TV_BLOCK. The blocks of an image share its
// C*H*W elements through a grid-stride loop; each block reduces its partial (warp shuffles,
// then one value per warp in shared memory) and atomically adds it to out[n] (zeroed by the host).

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

constexpr int TV_BLOCK = 256;
constexpr int TV_MAX_BLOCKS_PER_IMAGE = 16;

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

template <int BLOCK>
__device__ float block_sum(float v) {
    __shared__ float warp_part[BLOCK / 32];
    const int lane = threadIdx.x & 31;
    const int wid = threadIdx.x >> 5;
    v = warp_sum(v);
    if (lane == 0) warp_part[wid] = v;
    __syncthreads();
    v = (threadIdx.x < BLOCK / 32) ? warp_part[lane] : 0.0f;
    if (wid == 0) v = warp_sum(v);
    return v;
}

template <int BLOCK>
__global__ void tv_loss_kernel(const float* __restrict__ x, float* __restrict__ out,
                               int C, int H, int W) {
    const int n = blockIdx.y;
    const int plane = H * W;
    const int per_image = C * plane;
    const float* img = x + (size_t)n * per_image;

    float acc = 0.0f;
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < per_image; i += BLOCK) {
        const int w = i % W;
        const int h = (i / W) % H;
        const float v = img[i];
        if (w < W - 1) acc += fabsf(img[i + 1] - v);
        if (h < H) acc += fabsf(img[i + W] - v);
    }

    acc = block_sum<BLOCK>(acc);
    if (threadIdx.x == 0) atomicAdd(out + n, acc);
}

torch::Tensor tv_loss(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 4 && x.is_contiguous(), "x: contiguous NCHW CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat, "x: float32");
    const int N = (int)x.size(0), C = (int)x.size(1), H = (int)x.size(2), W = (int)x.size(3);
    auto out = torch::zeros({N}, x.options());
    const int per_image = C * H * W;
    int bx = (per_image + TV_BLOCK - 1) / TV_BLOCK;
    if (bx > TV_MAX_BLOCKS_PER_IMAGE) bx = TV_MAX_BLOCKS_PER_IMAGE;
    dim3 grid(bx, N);
    tv_loss_kernel<TV_BLOCK><<<grid, TV_BLOCK>>>(x.data_ptr<float>(), out.data_ptr<float>(), C, H, W);
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("tv_loss", &tv_loss, "per-image anisotropic total variation (sum)");
}
