#include <torch/extension.h>
#include <cuda_runtime.h>

// torch.bucketize(x, boundaries, right=False) -> int64
//   out[i] = index of the first boundary >= x[i]  (= number of boundaries < x[i]; nb when none)
// boundaries: sorted 1-D tensor of nb floats, staged once per block in dynamic shared memory;
// grid-stride loop over the flat input.

template <typename T>
__device__ __forceinline__ int lower_bound_dev(const T* __restrict__ a, int count, T v) {
    int lo = 0, hi = count;
    while (lo < hi) {
        const int mid = lo + ((hi - lo) >> 1);
        if (a[mid] < v) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

__global__ void bucketize_kernel(const float* __restrict__ x,
                                 const float* __restrict__ boundaries,
                                 int64_t* __restrict__ out,
                                 int n, int nb) {
    extern __shared__ float s_bnd[];
    for (int i = threadIdx.x; i < nb; i += blockDim.x) s_bnd[i] = boundaries[i];
    __syncthreads();

    const int last = nb - 1;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        out[i] = (int64_t)lower_bound_dev<float>(s_bnd, nb, x[i]);
    }
}

torch::Tensor bucketize(torch::Tensor x, torch::Tensor boundaries) {
    auto xc = x.contiguous();
    const int n = (int)xc.numel(), nb = (int)boundaries.numel();
    auto out = torch::empty(xc.sizes(), xc.options().dtype(torch::kLong));
    const int threads = 256;
    int blocks = (n + threads - 1) / threads;
    if (blocks > 40) blocks = 40;
    bucketize_kernel<<<blocks, threads, nb * sizeof(float)>>>(xc.data_ptr<float>(), boundaries.data_ptr<float>(),
                                                            out.data_ptr<int64_t>(), n, nb);
    return out;
}
