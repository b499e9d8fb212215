#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// torch.softmax(x, dim=1) for x [N, C, H, W] (softmax over the channels of every pixel).
// One thread per (n, pixel) in a grid-stride loop: a single online pass keeps the running max
// and the running sum rescaled to it, a second pass writes the normalised values.
// Templated on the storage type (float / __half); the math is done in float.

template <typename T> __device__ __forceinline__ float load_f(const T* p);
template <> __device__ __forceinline__ float load_f<float>(const float* p) { return *p; }
template <> __device__ __forceinline__ float load_f<__half>(const __half* p) { return __half2float(*p); }

template <typename T> __device__ __forceinline__ void store_f(T* p, float v);
template <> __device__ __forceinline__ void store_f<float>(float* p, float v) { *p = v; }
template <> __device__ __forceinline__ void store_f<__half>(__half* p, float v) { *p = __float2half(v); }

// offset of x[n, c, h, w] with p = h * W + w
__device__ __forceinline__ size_t nchw_offset(int n, int c, int p, int C, int H, int W) {
    return ((size_t)n * C + c) * H * W + p;
}

template <typename T>
__global__ void channel_softmax_kernel(const T* __restrict__ x, T* __restrict__ y,
                                       int N, int C, int H, int W) {
    const int HW = H * W;
    const int total = N * HW;
    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total; idx += gridDim.x * blockDim.x) {
        const int n = idx / HW;
        const int p = idx % HW;

        float m = -INFINITY, s = 0.0f;
        for (int c = 0; c < C; ++c) {
            const float v = load_f<T>(x + nchw_offset(n, c, p, C, H, W));
            const float m_new = fmaxf(m, v);
            s = s * __expf(m - m_new) + __expf(v - m_new);
            m = m_new;
        }
        const float inv = 1.0f / s;
        for (int c = 0; c < C; ++c) {
            const size_t o = nchw_offset(n, c, p, C, H, W);
            store_f<T>(y + o, __expf(load_f<T>(x + o) - m) * inv);
        }
    }
}

torch::Tensor channel_softmax_half(torch::Tensor x) {
    const int N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    auto y = torch::empty_like(x);
    const int threads = 64;
    int blocks = (N * H * W + threads - 1) / threads;
    if (blocks > 4) blocks = 4;
    channel_softmax_kernel<__half><<<blocks, threads>>>(
        reinterpret_cast<const __half*>(x.data_ptr<at::Half>()),
        reinterpret_cast<__half*>(y.data_ptr<at::Half>()), N, C, H, W);
    return y;
}
