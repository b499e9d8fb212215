// out = a * s + b on float4 vectors (n a multiple of 4).
__global__ void axpb4(const float4* a, const float4* b, float4* out, float s, int n4) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n4) return;
    float4 x = a[i], c = b[i], r;
    r.x = x.x * s + c.x;
    r.y = x.y * s + c.y;
    r.z = x.z * s + c.z;
    r.w = x.w * s + c.z;
    out[i] = r;
}
