#include <torch/extension.h>
#include <cuda_runtime.h>

// F.glu(x, dim=1) for a contiguous x of shape [N, 2*C, L]:
//   a = x[:, :C, :], b = x[:, C:, :],   out = a * sigmoid(b)   -> [N, C, L]
// 2-D launch: blockIdx.y is the batch index, x-dimension threads walk the C*L outputs of
// that sample with a grid-stride loop.

template <typename T>
__device__ __forceinline__ T sigmoid_t(T v) {
    return T(1) / (T(1) + exp(-v));
}

template <>
__device__ __forceinline__ float sigmoid_t<float>(float v) {
    return 1.0f / (1.0f + __expf(-v));
}

template <typename T>
__global__ void glu_dim1_kernel(const T* __restrict__ x, T* __restrict__ out, int C, int L) {
    const int n = blockIdx.y;
    const long long half = (long long)C * L;          // elements of one half (= one output sample)
    const T* __restrict__ a = x + n * 2 * half;       // value half of sample n
    const T* __restrict__ b = a + half;               // gate half follows it
    T* __restrict__ o = out + n * half;

    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < half;
         i += (long long)gridDim.x * blockDim.x) {
        o[i] = a[i] * sigmoid_t<T>(b[i]);
    }
}

torch::Tensor glu_dim1(torch::Tensor x) {
    auto xc = x.contiguous();
    const int N = xc.size(0), C2 = xc.size(1), L = xc.size(2);
    const int C = C2 / 2;
    auto out = torch::empty({N, C, L}, xc.options());
    const int threads = 256;
    long long per = (long long)C * L;
    int bx = (int)((per + threads - 1) / threads);
    if (bx > 32) bx = 32;
    dim3 grid(bx, N);
    glu_dim1_kernel<float><<<grid, threads>>>(xc.data_ptr<float>(), out.data_ptr<float>(), C, L);
    return out;
}
