// Spatial soft-argmax (kornia.geometry.subpix.spatial_soft_argmax2d, normalized coordinates):
//   p = softmax(temperature * heat[n, k].flatten())           over the H*W positions
//   out[n, k, 0] = sum_p p * gx(w),  gx(w) = -1 + 2 * w / (W - 1)
//   out[n, k, 1] = sum_p p * gy(h),  gy(h) = -1 + 2 * h / (H - 1)
// heat: [N, K, H, W] float32  ->  out: [N, K, 2] float32 (x, y)
//
// One block per heatmap plane. Pass 1: block max of the scaled logits. Pass 2: the three
// sums (Z, Z*x, Z*y) in one sweep, reduced together by one xor butterfly, then across warps
// through shared memory.

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cfloat>

namespace {

constexpr unsigned kFull = 0xffffffffu;
constexpr int kWarpSize = 32;
constexpr int kBlock = 256;
constexpr int kWarps = kBlock / kWarpSize;

__device__ __forceinline__ float warp_max(float v) {
    for (int off = kWarpSize / 2; off > 0; off >>= 1)
        v = fmaxf(v, __shfl_xor_sync(kFull, v, off));
    return v;
}

// three independent sums in one butterfly (Z, Z*x, Z*y)
__device__ __forceinline__ void warp_sum3(float& a, float& b, float& c) {
    for (int off = kWarpSize / 2; off > 1; off >>= 1) {
        a += __shfl_xor_sync(kFull, a, off);
        b += __shfl_xor_sync(kFull, b, off);
        c += __shfl_xor_sync(kFull, c, off);
    }
}

__global__ void __launch_bounds__(kBlock)
spatial_soft_argmax2d_kernel(const float* __restrict__ heat, float* __restrict__ out,
                             int H, int W, float temperature) {
    __shared__ float s_part[3][kWarps];
    __shared__ float s_max;

    const int plane = blockIdx.x;
    const int HW = H * W;
    const float* hp = heat + (size_t)plane * HW;
    const int lane = threadIdx.x % kWarpSize;
    const int warp = threadIdx.x / kWarpSize;

    // ---- pass 1: max of temperature * logit
    float m = -FLT_MAX;
    for (int p = threadIdx.x; p < HW; p += kBlock) m = fmaxf(m, temperature * hp[p]);
    m = warp_max(m);
    if (lane == 0) s_part[0][warp] = m;
    __syncthreads();
    if (warp == 0) {
        float v = lane < kWarps ? s_part[0][lane] : -FLT_MAX;
        v = warp_max(v);
        if (lane == 0) s_max = v;
    }
    __syncthreads();
    m = s_max;

    // ---- pass 2: Z, sum e * gx, sum e * gy
    const float sx = 2.0f / (float)(W - 1);
    const float sy = 2.0f / (float)(H - 1);
    float z = 0.0f, zx = 0.0f, zy = 0.0f;
    for (int p = threadIdx.x; p < HW; p += kBlock) {
        const int h = p / W;
        const int w = p - h * W;
        const float e = __expf(temperature * hp[p] - m);
        z += e;
        zx = fmaf(e, fmaf((float)w, sx, -1.0f), zx);
        zy = fmaf(e, fmaf((float)h, sy, -1.0f), zy);
    }
    warp_sum3(z, zx, zy);
    if (lane == 0) {
        s_part[0][warp] = z;
        s_part[1][warp] = zx;
        s_part[2][warp] = zy;
    }
    __syncthreads();
    if (warp == 0) {
        const bool live = lane < kWarps;
        float tz = live ? s_part[0][lane] : 0.0f;
        float tx = live ? s_part[1][lane] : 0.0f;
        float ty = live ? s_part[2][lane] : 0.0f;
        warp_sum3(tz, tx, ty);
        if (lane == 0) {
            const float inv_z = 1.0f / tz;
            out[2 * plane + 0] = tx * inv_z;
            out[2 * plane + 1] = ty * inv_z;
        }
    }
}

}  // namespace

torch::Tensor spatial_soft_argmax2d(torch::Tensor heat, double temperature) {
    TORCH_CHECK(heat.is_cuda() && heat.dim() == 4 && heat.scalar_type() == torch::kFloat,
                "heat: [N, K, H, W] float32 CUDA tensor");
    heat = heat.contiguous();
    const int N = (int)heat.size(0), K = (int)heat.size(1);
    const int H = (int)heat.size(2), W = (int)heat.size(3);
    TORCH_CHECK(H > 1 && W > 1, "need H, W > 1 for normalized coordinates");
    auto out = torch::empty({N, K, 2}, heat.options());
    spatial_soft_argmax2d_kernel<<<N * K, kBlock>>>(heat.data_ptr<float>(), out.data_ptr<float>(),
                                                    H, W, (float)temperature);
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("spatial_soft_argmax2d", &spatial_soft_argmax2d, "spatial soft-argmax, normalized (x, y)");
}
