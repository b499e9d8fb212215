// Entropy of the softmax distribution of each row of logits:
//   p = softmax(z, dim=-1);  H = -(p * log p).sum(-1) = log(s) - t / s
// with m = max(z), s = sum exp(z - m), t = sum exp(z - m) * (z - m).
// z: [R, C] float32, H: [R]. One block of ENT_THREADS threads per row; the three
// reductions share one templated shared-memory tree (block_reduce<Op>, Op::apply).

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

#define ENT_THREADS 192

struct MaxOp {
    static __device__ __forceinline__ float apply(float a, float b) { return fmaxf(a, b); }
};
struct SumOp {
    static __device__ __forceinline__ float apply(float a, float b) { return a + b; }
};

// Every thread returns the block-wide op-reduction of v; red[] holds blockDim.x floats.
template <typename Op>
__device__ __forceinline__ float block_reduce(float v, float* red) {
    const int tid = threadIdx.x;
    red[tid] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = Op::apply(red[tid], red[tid + s]);
        __syncthreads();
    }
    const float r = red[0];
    __syncthreads();  // red[] is reused by the next reduction
    return r;
}

__global__ void softmax_entropy_kernel(const float* __restrict__ z, float* __restrict__ ent,
                                       int rows, int cols) {
    __shared__ float red[ENT_THREADS];
    const int row = blockIdx.x;
    if (row >= rows) return;
    const float* zr = z + (size_t)row * cols;

    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, zr[c]);
    m = block_reduce<MaxOp>(m, red);

    float s = 0.0f, t = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        const float d = zr[c] - m;
        const float e = __expf(d);
        s += e;
        t += e * d;
    }
    s = block_reduce<SumOp>(s, red);
    t = block_reduce<SumOp>(t, red);

    if (threadIdx.x == 0) ent[row] = t / s - logf(s);
}

torch::Tensor softmax_entropy(torch::Tensor z) {
    TORCH_CHECK(z.is_cuda() && z.dim() == 2 && z.is_contiguous() && z.scalar_type() == torch::kFloat32,
                "z: contiguous 2-D float32 CUDA tensor");
    const int rows = (int)z.size(0), cols = (int)z.size(1);
    auto ent = torch::empty({rows}, z.options());
    softmax_entropy_kernel<<<rows, ENT_THREADS>>>(z.data_ptr<float>(), ent.data_ptr<float>(), rows, cols);
    return ent;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("softmax_entropy", &softmax_entropy, "entropy of softmax(z, -1) per row");
}
