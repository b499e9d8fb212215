#include <torch/extension.h>
#include <cuda_runtime.h>

// LayerNorm backward, parameter gradients (the forward saved mean and rstd per row):
//   dgamma[c] = sum_r dy[r, c] * (x[r, c] - mean[r]) * rstd[r]
//   dbeta[c]  = sum_r dy[r, c]
// Column-reduction kernel: a (32, 8) block owns 32 columns; its 8 thread rows stride over the
// R rows, then the 8 partials per column are combined with a shared-memory tree along y.

const int COLS_PER_BLOCK = 32;
const int ROW_THREADS = 8;

__global__ void layernorm_bwd_gamma_beta_kernel(const float* __restrict__ dy,
                                                const float* __restrict__ x,
                                                const float* __restrict__ mean,
                                                const float* __restrict__ rstd,
                                                float* __restrict__ dgamma,
                                                float* __restrict__ dbeta,
                                                int R, int C) {
    __shared__ float s_dg[ROW_THREADS][COLS_PER_BLOCK + 1];
    __shared__ float s_db[ROW_THREADS][COLS_PER_BLOCK + 1];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int col = blockIdx.x * COLS_PER_BLOCK + tx;

    float dg = 0.0f, db = 0.0f;
    if (col < C) {
        for (int r = ty; r < R; r += blockDim.y) {
            const float g = dy[(size_t)r * C + col];
            const float xhat = (x[(size_t)r * C + col] - mean[r]) * rstd[r];
            dg += g * xhat;
            db += g;
        }
    }
    s_dg[ty][tx] = dg;
    s_db[ty][tx] = db;
    __syncthreads();

    for (int s = ROW_THREADS / 2; s > 0; s >>= 1) {
        if (ty < s) {
            s_dg[ty][tx] += s_dg[ty + s][tx];
            s_db[ty][tx] += s_db[ty + s][tx];
        }
        __syncthreads();
    }
    if (ty == 0 && col < C) {
        dgamma[col] = s_dg[0][tx];
        dbeta[col] = s_db[0][tx];
    }
}

std::vector<torch::Tensor> layernorm_bwd_gamma_beta(torch::Tensor dy, torch::Tensor x,
                                                    torch::Tensor mean, torch::Tensor rstd) {
    const int C = x.size(-1);
    const int R = x.numel() / C;
    auto dgamma = torch::empty({C}, x.options());
    auto dbeta = torch::empty({C}, x.options());
    dim3 block(COLS_PER_BLOCK, ROW_THREADS);
    dim3 grid((C + COLS_PER_BLOCK - 1) / COLS_PER_BLOCK);
    layernorm_bwd_gamma_beta_kernel<<<grid, block>>>(dy.data_ptr<float>(), x.data_ptr<float>(),
                                                     mean.data_ptr<float>(), rstd.data_ptr<float>(),
                                                     dgamma.data_ptr<float>(), dbeta.data_ptr<float>(), R, C);
    return {dgamma, dbeta};
}
