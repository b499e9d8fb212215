#include <torch/extension.h>
#include <cuda_runtime.h>

// Depthwise nn.Conv1d(C, C, kernel_size=K, padding=P, dilation=DIL, groups=C, bias=True)
//   x: [N, C, L], w: [C, 1, K], b: [C], out: [N, C, Lout], Lout = L + 2P - DIL*(K-1)
// Grid: (ceil(Lout / TILE), C, N), TILE threads per block.  Each block stages its input window
// (TILE outputs need TILE + DIL*(K-1) inputs, zero-padded outside [0, L)) in dynamic shared
// memory, then every thread computes one output from shared memory.

#define TILE 128

__global__ void depthwise_conv1d_kernel(const float* __restrict__ x,
                                        const float* __restrict__ w,
                                        const float* __restrict__ bias,
                                        float* __restrict__ out,
                                        int C, int L, int Lout, int K, int pad, int dil) {
    extern __shared__ float xs[];  // TILE + dil * (K - 1) floats

    const int c = blockIdx.y;
    const int n = blockIdx.z;
    const int t0 = blockIdx.x * TILE;            // first output of this tile
    const int in0 = t0 - pad;                    // input position of xs[0]
    const float* __restrict__ xrow = x + ((size_t)n * C + c) * L;

    const int span = TILE + dil * (K - 1);       // inputs needed by the tile
    for (int i = threadIdx.x; i < span; i += blockDim.x) {
        const int p = in0 + i;
        xs[i] = (p >= 0 && p < L) ? xrow[p] : 0.0f;
    }
    __syncthreads();

    const int t = t0 + threadIdx.x;
    if (t >= Lout) return;

    const float* __restrict__ wc = w + (size_t)c * K;
    float acc = bias[c];
    for (int k = 0; k < K; ++k) {
        acc = fmaf(wc[k], xs[threadIdx.x + k * dil], acc);
    }
    out[((size_t)n * C + c) * Lout + t] = acc;
}

torch::Tensor depthwise_conv1d(torch::Tensor x, torch::Tensor w, torch::Tensor b, int64_t pad, int64_t dil) {
    const int N = x.size(0), C = x.size(1), L = x.size(2), K = w.size(2);
    const int Lout = L + 2 * pad - dil * (K - 1);
    auto out = torch::empty({N, C, Lout}, x.options());
    dim3 grid((Lout + TILE - 1) / TILE, C, N);
    const size_t smem = (TILE + dil * (K - 1)) * sizeof(float);
    depthwise_conv1d_kernel<<<grid, TILE, smem>>>(x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(),
                                                 out.data_ptr<float>(), C, L, Lout, K, (int)pad, (int)dil);
    return out;
}
