// RMSNorm, one warp per row, float4 loads (D % 4 == 0). WARPS rows per block.
template <int WARPS>
__global__ void rmsnorm_warp_f4(const float* __restrict__ x, const float* __restrict__ weight,
                                float* __restrict__ y, int rows, int D, float eps) {
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * WARPS + (threadIdx.x >> 5);
    if (row >= rows) return;

    const float4* xr = reinterpret_cast<const float4*>(x + (size_t)row * D);
    const float4* w4 = reinterpret_cast<const float4*>(weight);
    float4* yr = reinterpret_cast<float4*>(y + (size_t)row * D);
    const int nvec = D / 4;

    float ss = 0.f;
    for (int i = lane; i < nvec; i += 32) {
        const float4 v = xr[i];
        ss += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        ss += __shfl_down_sync(0xffffffffu, ss, off);

    const float inv = rsqrtf(ss / D + eps);
    for (int i = lane; i < nvec; i += 32) {
        const float4 v = xr[i], g = w4[i];
        yr[i] = make_float4(v.x * inv * g.x, v.y * inv * g.y, v.z * inv * g.z, v.w * inv * g.w);
    }
}

template __global__ void rmsnorm_warp_f4<4>(const float*, const float*, float*, int, int, float);
