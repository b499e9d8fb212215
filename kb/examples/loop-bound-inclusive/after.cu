// Matrix-vector product y = A x, one thread per row.
#include <torch/extension.h>

template <typename scalar_t>
__global__ void gemv_rows_kernel(const scalar_t* __restrict__ A, const scalar_t* __restrict__ x,
                                 scalar_t* __restrict__ y, int M, int K) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= M) return;
    scalar_t acc = 0;
    for (int k = 0; k < K; ++k)
        acc += A[row * K + k] * x[k];
    y[row] = acc;
}

torch::Tensor gemv(torch::Tensor A, torch::Tensor x) {
    int M = A.size(0), K = A.size(1);
    auto y = torch::empty({M}, A.options());
    gemv_rows_kernel<float><<<(M + 127) / 128, 128>>>(A.data_ptr<float>(), x.data_ptr<float>(),
                                                      y.data_ptr<float>(), M, K);
    return y;
}

template __global__ void gemv_rows_kernel<float>(const float*, const float*, float*, int, int);
