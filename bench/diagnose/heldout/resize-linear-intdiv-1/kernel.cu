// 1-D linear resize with align_corners=True, one row per blockIdx.y.
__global__ void resize_linear_ac(const float *in, float *out, int in_len, int out_len)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (j >= out_len) return;
    float pos = (j * (in_len - 1)) / (out_len - 1);
    int i0 = (int)pos;
    int i1 = min(i0 + 1, in_len - 1);
    float t = pos - (float)i0;
    const float *src = in + (size_t)r * in_len;
    out[(size_t)r * out_len + j] = src[i0] * (1.0f - t) + src[i1] * t;
}
