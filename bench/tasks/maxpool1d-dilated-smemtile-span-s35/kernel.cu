#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cmath>

// nn.MaxPool1d(kernel_size=K, stride=S, padding=P, dilation=DIL) forward (ceil_mode=False)
//   x: [N, C, L] f32  ->  y: [N, C, Lout],  Lout = (L + 2P - DIL*(K-1) - 1) / S + 1
// grid = (ceil(Lout / OUT_TILE), N*C), block = OUT_TILE threads, one output per thread.
// Each block stages the input span its OUT_TILE windows touch into dynamic shared memory
// (padding positions hold -inf), then every thread scans its dilated window in smem.

#define OUT_TILE 64

// number of input positions covered by `outs` consecutive windows
__host__ __device__ __forceinline__ int window_span(int outs, int S, int K, int DIL) {
    return (outs - 1) * S + (K - 1) * DIL;
}

__global__ void maxpool1d_dil_kernel(const float* __restrict__ x, float* __restrict__ y,
                                     int L, int Lout, int K, int S, int P, int DIL) {
    extern __shared__ float span_buf[];
    const size_t plane = blockIdx.y;
    const float* xr = x + plane * L;
    float* yr = y + plane * Lout;

    const int o0 = blockIdx.x * OUT_TILE;
    const int in0 = o0 * S - P;                 // first input position of the tile
    const int span = window_span(OUT_TILE, S, K, DIL);

    for (int i = threadIdx.x; i < span; i += OUT_TILE) {
        const int g = in0 + i;
        span_buf[i] = (g >= 0 && g < L) ? xr[g] : -INFINITY;
    }
    __syncthreads();

    const int o = o0 + threadIdx.x;
    if (o >= Lout) return;
    const float* win = span_buf + threadIdx.x * S;
    float m = win[0];
    for (int k = 1; k < K; ++k) m = fmaxf(m, win[k * DIL]);
    yr[o] = m;
}

torch::Tensor maxpool1d_dil(torch::Tensor x, int64_t K, int64_t S, int64_t P, int64_t DIL) {
    const int N = x.size(0), C = x.size(1), L = x.size(2);
    const int Lout = (L + 2 * P - DIL * (K - 1) - 1) / S + 1;
    auto y = torch::empty({N, C, Lout}, x.options());
    dim3 grid((Lout + OUT_TILE - 1) / OUT_TILE, N * C);
    const size_t smem = (size_t)window_span(OUT_TILE, S, K, DIL) * sizeof(float);
    maxpool1d_dil_kernel<<<grid, OUT_TILE, smem>>>(x.data_ptr<float>(), y.data_ptr<float>(),
                                                   L, Lout, (int)K, (int)S, (int)P, (int)DIL);
    return y;
}
