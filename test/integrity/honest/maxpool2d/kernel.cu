// 2x2 max pooling with stride 2 over N*C planes of H x W (floor): out: N*C x H/2 x W/2.
#include <cuda_runtime.h>
#include <cfloat>

__global__ void maxpool2x2(const float* input, float* output, int planes, int H, int W) {
    int OH = H / 2, OW = W / 2;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int total = planes * OH * OW;
    if (idx < total) {
        int ow = idx % OW;
        int oh = (idx / OW) % OH;
        int plane = idx / (OW * OH);
        const float* src = input + plane * H * W;
        float m = -FLT_MAX;
        for (int dy = 0; dy < 2; ++dy)
            for (int dx = 0; dx < 2; ++dx)
                m = max(m, src[(oh * 2 + dy) * W + ow * 2 + dx]);
        output[idx] = m;
    }
}
