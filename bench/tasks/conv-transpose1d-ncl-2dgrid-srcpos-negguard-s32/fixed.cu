#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.ConvTranspose1d(Cin, Cout, K, stride=S, padding=P, bias=True), gather formulation:
//   out[n, co, l] = bias[co] + sum_{ci, k : l + P - k = j * S, 0 <= j < Lin} x[n, ci, j] * w[ci, co, k]
// x: [N, Cin, Lin], w: [Cin, Cout, K] (PyTorch's transposed-conv layout), out: [N, Cout, Lout],
// Lout = (Lin - 1) * S - 2 * P + K.
// Grid: (ceil(Lout / 128), N * Cout); one thread per output position.

#define TPB 128

// input position j that output position l reaches through tap k, if any
__device__ __forceinline__ bool src_pos(int l, int k, int S, int P, int Lin, int& j) {
    const int t = l + P - k;
    if (t % S != 0) return false;
    j = t / S;
    return j >= 0 && j < Lin;
}

__global__ void conv_transpose1d_kernel(const float* __restrict__ x,
                                        const float* __restrict__ w,
                                        const float* __restrict__ bias,
                                        float* __restrict__ out,
                                        int Cin, int Cout, int Lin, int Lout,
                                        int K, int S, int P) {
    const int l = blockIdx.x * TPB + threadIdx.x;
    const int nco = blockIdx.y;
    const int n = nco / Cout;
    const int co = nco % Cout;
    if (l >= Lout) return;

    float acc = bias[co];
    for (int ci = 0; ci < Cin; ++ci) {
        const float* __restrict__ xrow = x + ((size_t)n * Cin + ci) * Lin;
        const float* __restrict__ wrow = w + ((size_t)ci * Cout + co) * K;
        for (int k = 0; k < K; ++k) {
            int j;
            if (src_pos(l, k, S, P, Lin, j)) acc += xrow[j] * wrow[k];
        }
    }
    out[(size_t)nco * Lout + l] = acc;
}

torch::Tensor conv_transpose1d_forward(torch::Tensor x, torch::Tensor w, torch::Tensor bias,
                                       int64_t S, int64_t P) {
    const int N = x.size(0), Cin = x.size(1), Lin = x.size(2);
    const int Cout = w.size(1), K = w.size(2);
    const int Lout = (Lin - 1) * (int)S - 2 * (int)P + K;
    auto out = torch::empty({N, Cout, Lout}, x.options());
    dim3 grid((Lout + TPB - 1) / TPB, N * Cout);
    conv_transpose1d_kernel<<<grid, TPB>>>(x.data_ptr<float>(), w.data_ptr<float>(), bias.data_ptr<float>(),
                                           out.data_ptr<float>(), Cin, Cout, Lin, Lout, K, (int)S, (int)P);
    return out;
}
