#include <cuda_runtime.h>
#include <cfloat>

#define BLOCK_SIZE 256

// nn.AvgPool3d(kernel_size=K, stride=S, padding=P) with the PyTorch defaults
// (count_include_pad=True, ceil_mode=False) over an NCDHW tensor.
// One thread per output element, grid-stride loop over N*C*Do*Ho*Wo.
template <typename scalar_t>
__global__ void avg_pool3d_kernel(const scalar_t* __restrict__ input,
                                  scalar_t* __restrict__ output,
                                  const int total,
                                  const int D, const int H, const int W,
                                  const int Do, const int Ho, const int Wo,
                                  const int K, const int S, const int P) {
    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total;
         idx += blockDim.x * gridDim.x) {
        // decompose the flat output index (NCDHW, W fastest)
        const int ow = idx % Wo;
        const int oh = (idx / Wo) % Ho;
        const int od = (idx / (Wo * Ho)) % Do;
        const int nc = idx / (Wo * Ho * Do);

        int dstart = od * S - P;
        int hstart = oh * S - P;
        int wstart = ow * S - P;
        int dend = min(dstart + K, D + P);
        int hend = min(hstart + K, H + P);
        int wend = min(wstart + K, W + P);

        // clip the window to the real (unpadded) volume
        dstart = max(dstart, 0);
        hstart = max(hstart, 0);
        wstart = max(wstart, 0);
        dend = min(dend, D);
        hend = min(hend, H);
        wend = min(wend, W);
        // the padded zeros count towards the average
        const int pool_size = (dend - dstart) * (hend - hstart) * (wend - wstart);

        const scalar_t* plane = input + (long long)nc * D * H * W;
        float sum = 0.0f;
        for (int d = dstart; d < dend; ++d) {
            for (int h = hstart; h < hend; ++h) {
                const scalar_t* row = plane + ((long long)d * H + h) * W;
                for (int w = wstart; w < wend; ++w) {
                    sum += static_cast<float>(row[w]);
                }
            }
        }
        output[idx] = static_cast<scalar_t>(sum / static_cast<float>(pool_size));
    }
}

template __global__ void avg_pool3d_kernel<float>(const float*, float*, int, int, int, int,
                                                  int, int, int, int, int, int);
