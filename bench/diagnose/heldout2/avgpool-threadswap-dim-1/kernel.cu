// avg_pool2d(kernel 3, stride 2, padding 1, count_include_pad = false) over planes of an
// [N*C, H, W] tensor. 3-D launch: x -> output column, y -> output row, z -> plane; 32x8 blocks.
#define POOL_K 3
#define POOL_S 2
#define POOL_P 1

__global__ void avg_pool2d_k3s2(const float* __restrict__ in, float* __restrict__ out,
                                int H, int W, int OH, int OW) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.y;
    const int oh = blockIdx.y * blockDim.y + threadIdx.x;
    const int plane = blockIdx.z;
    if (oh >= OH || ow >= OW) return;

    const float* src = in + (size_t)plane * H * W;
    const int h0 = oh * POOL_S - POOL_P, w0 = ow * POOL_S - POOL_P;
    float sum = 0.0f;
    int cnt = 0;
    for (int i = 0; i < POOL_K; ++i) {
        const int h = h0 + i;
        if (h < 0 || h >= H) continue;
        for (int j = 0; j < POOL_K; ++j) {
            const int w = w0 + j;
            if (w < 0 || w >= W) continue;
            sum += src[h * W + w];
            ++cnt;
        }
    }
    out[((size_t)plane * OH + oh) * OW + ow] = sum / cnt;
}
