#include <torch/extension.h>
#include <cuda_runtime.h>

// torch.mean(x, dim=0) for a 2-D float tensor: x [R, C] -> out [C]
//
// Block = (32, BY): the 32 x-threads cover 32 adjacent columns (coalesced row reads),
// the BY y-threads split the rows. Each thread sums its strided share of one column,
// then the BY partials of a column are folded through shared memory along y.

__host__ __device__ constexpr int next_pow2(int v) { return v <= 1 ? 1 : 2 * next_pow2((v + 1) / 2); }

template <int BY>
__global__ void colmean_dim0_kernel(const float* __restrict__ x, float* __restrict__ out,
                                    int R, int C) {
    __shared__ float red[BY][33];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int c = blockIdx.x * 32 + tx;

    float acc = 0.0f;
    if (c < C)
        for (int r = ty; r < R; r += BY)
            acc += x[(size_t)r * C + c];
    red[ty][tx] = acc;
    __syncthreads();

    for (int s = next_pow2(BY) / 2; s > 0; s >>= 1) {
        if (ty < s && ty + s < BY) red[ty][tx] += red[ty + s][tx];
        __syncthreads();
    }

    if (ty == 0 && c < C)
        out[c] = red[0][tx] / (float)R;
}

torch::Tensor colmean_dim0(torch::Tensor x) {
    const int R = x.size(0), C = x.size(1);
    auto out = torch::empty({C}, x.options());
    constexpr int BY = 6;                        // 192 threads per block
    dim3 block(32, BY);
    dim3 grid((C + 31) / 32);
    colmean_dim0_kernel<BY><<<grid, block>>>(x.data_ptr<float>(), out.data_ptr<float>(), R, C);
    return out;
}
