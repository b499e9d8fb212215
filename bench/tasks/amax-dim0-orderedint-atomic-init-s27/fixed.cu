#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cfloat>

// torch.amax(x, dim=0) for x: [R, C]  ->  out: [C]
// CUDA has no atomicMax for float, so the running maxima live in an int workspace holding
// an order-preserving encoding of the floats (non-negative floats keep their bits, negative
// ones get their magnitude bits flipped), and the integer atomicMax does the job.
//   1. init:     bits[c] = lowest possible value
//   2. reduce:   grid = (ceil(C/32), ceil(R/64)); 32x8 threads, threadIdx.x = column,
//                the 8 threadIdx.y rows stride through a 64-row chunk, shared-memory combine,
//                one atomicMax per (column, chunk)
//   3. finalize: out[c] = decode(bits[c])

#define COLS_PER_BLOCK 32
#define ROWS_Y 8
#define ROWS_PER_BLOCK 64

__device__ __forceinline__ int float_to_ordered_int(float f) {
    const int i = __float_as_int(f);
    return (i >= 0) ? i : i ^ 0x7FFFFFFF;
}

__device__ __forceinline__ float ordered_int_to_float(int i) {
    return __int_as_float((i >= 0) ? i : i ^ 0x7FFFFFFF);
}

__global__ void amax_init_kernel(int* __restrict__ bits, int C) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < C) bits[c] = float_to_ordered_int(-FLT_MAX);
}

__global__ void amax_dim0_kernel(const float* __restrict__ x, int* __restrict__ bits,
                                 int R, int C) {
    __shared__ float partial[ROWS_Y][COLS_PER_BLOCK + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int col = blockIdx.x * COLS_PER_BLOCK + tx;
    const int row_begin = blockIdx.y * ROWS_PER_BLOCK;
    const int row_end = min(row_begin + ROWS_PER_BLOCK, R);

    float m = -FLT_MAX;
    if (col < C) {
        for (int r = row_begin + ty; r < row_end; r += ROWS_Y) m = fmaxf(m, x[(size_t)r * C + col]);
    }
    partial[ty][tx] = m;
    __syncthreads();

    if (ty == 0 && col < C) {
#pragma unroll
        for (int k = 1; k < ROWS_Y; ++k) m = fmaxf(m, partial[k][tx]);
        atomicMax(&bits[col], float_to_ordered_int(m));
    }
}

__global__ void amax_finalize_kernel(const int* __restrict__ bits, float* __restrict__ out, int C) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < C) out[c] = ordered_int_to_float(bits[c]);
}

torch::Tensor amax_dim0(torch::Tensor x) {
    const int R = x.size(0), C = x.size(1);
    auto bits = torch::empty({C}, x.options().dtype(torch::kInt32));
    auto out = torch::empty({C}, x.options());
    amax_init_kernel<<<(C + 255) / 256, 256>>>(bits.data_ptr<int>(), C);
    dim3 block(COLS_PER_BLOCK, ROWS_Y);
    dim3 grid((C + COLS_PER_BLOCK - 1) / COLS_PER_BLOCK, (R + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
    amax_dim0_kernel<<<grid, block>>>(x.data_ptr<float>(), bits.data_ptr<int>(), R, C);
    amax_finalize_kernel<<<(C + 255) / 256, 256>>>(bits.data_ptr<int>(), out.data_ptr<float>(), C);
    return out;
}
