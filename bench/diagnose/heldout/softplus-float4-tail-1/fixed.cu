// Softplus over float4 vectors in a grid-stride loop (n need not be a multiple of 4).
__device__ __forceinline__ float softplus(float v)
{
    return v > 20.f ? v : log1pf(expf(v));
}

__global__ void softplus_vec4(const float *__restrict__ x, float *__restrict__ y, int n)
{
    int n4 = n / 4;
    const float4 *x4 = reinterpret_cast<const float4 *>(x);
    float4 *y4 = reinterpret_cast<float4 *>(y);
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        float4 v = x4[i];
        y4[i] = make_float4(softplus(v.x), softplus(v.y), softplus(v.z), softplus(v.w));
    }
    for (int i = 4 * n4 + blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = softplus(x[i]);
}
