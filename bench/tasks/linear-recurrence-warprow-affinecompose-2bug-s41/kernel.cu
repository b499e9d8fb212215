// First-order linear recurrence along the last dim (diagonal SSM / EMA-style scan):
//   h[b, d, t] = a[b, d, t] * h[b, d, t - 1] + x[b, d, t],   h[b, d, -1] = 0
// a, x, h: contiguous [B, D, L] float32.
//
// Each step is the affine map h -> a*h + x; a prefix of steps composes into one affine map,
// so the recurrence is a scan over (a, x) pairs. One warp per (b, d) row (4 rows per block,
// threadIdx.y picks the row); the row is walked in 32-step chunks: a Hillis-Steele warp scan
// with __shfl_up_sync builds each lane's prefix map for the chunk, the carry h from the end of
// the previous chunk is pushed through it, and lane 31 hands the new carry on.

#include <torch/extension.h>
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu

struct Affine {   // h -> mul * h + add
    float mul;
    float add;
};

// "first, then second": h -> second(first(h))
__device__ __forceinline__ Affine compose(const Affine first, const Affine second) {
    Affine r;
    r.mul = first.mul * second.mul;
    r.add = fmaf(second.mul, first.add, second.add);
    return r;
}

template <int ROWS_PER_BLOCK>
__global__ void linear_recurrence_kernel(const float* __restrict__ a, const float* __restrict__ x,
                                         float* __restrict__ h, int rows, int L) {
    const int lane = threadIdx.x;          // blockDim.x == 32
    const int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.y;
    if (row >= rows) return;               // whole warp leaves together

    const float* ar = a + (size_t)row * L;
    const float* xr = x + (size_t)row * L;
    float* hr = h + (size_t)row * L;

    float carry = 0.0f;
    for (int t0 = 0; t0 < L; t0 += 32) {
        const int t = t0 + lane;
        Affine m;
        if (t < L) { m.mul = ar[t]; m.add = xr[t]; }
        else       { m.mul = 1.0f;  m.add = 0.0f;  }   // identity map past the end

        // inclusive scan: lane i ends up with step[t0] then ... then step[t0 + i]
#pragma unroll
        for (int off = 1; off < 32; off <<= 1) {
            Affine prev;
            prev.mul = __shfl_up_sync(FULL_MASK, m.mul, off);
            prev.add = __shfl_up_sync(FULL_MASK, m.add, off);
            if (lane >= off) m = compose(m, prev);
        }

        const float ht = fmaf(m.mul, carry, m.add);
        if (t < L) hr[t] = ht;
        carry = __shfl_sync(FULL_MASK, ht, 0);
    }
}

torch::Tensor linear_recurrence(torch::Tensor a, torch::Tensor x) {
    TORCH_CHECK(a.is_cuda() && x.is_cuda() && a.sizes() == x.sizes(), "a, x: same-shape CUDA tensors");
    TORCH_CHECK(a.scalar_type() == torch::kFloat && x.scalar_type() == torch::kFloat, "float32 only");
    a = a.contiguous();
    x = x.contiguous();
    const int L = (int)a.size(-1);
    const int rows = (int)(a.numel() / L);
    auto h = torch::empty_like(x);
    constexpr int kRows = 4;
    dim3 block(32, kRows);
    dim3 grid((rows + kRows - 1) / kRows);
    linear_recurrence_kernel<kRows><<<grid, block>>>(a.data_ptr<float>(), x.data_ptr<float>(),
                                                     h.data_ptr<float>(), rows, L);
    return h;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("linear_recurrence", &linear_recurrence, "h_t = a_t * h_{t-1} + x_t along the last dim");
}
