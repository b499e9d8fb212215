// A 2-D valid convolution (one output channel per block row, every image of
// the batch in turn) followed by softsign and a scaled SiLU. The partial sum
// is set up once, before the batch loop, so image n's value starts from the
// totals of images 0..n-1; the bias is added in the batch loop too.
#define KS 3

__device__ __forceinline__ float silu_scaled(float v, float s) {
  return s * v / (1.0f + __expf(-v));
}

__global__ void conv_softsign_silu(const float *__restrict__ img, const float *__restrict__ filt,
                                   const float *__restrict__ bias, float *__restrict__ dst,
                                   int nimg, int cin, int cout, int h, int w, float scale) {
  const int ow = w - KS + 1, oh = h - KS + 1;
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  int py = blockIdx.y * blockDim.y + threadIdx.y;
  int oc = blockIdx.z;
  if (px >= ow || py >= oh)
    return;
  float part = 0.f;
  for (int n = 0; n < nimg; ++n) {
    for (int c = 0; c < cin; ++c)
      for (int dy = 0; dy < KS; ++dy)
        for (int dx = 0; dx < KS; ++dx)
          part += img[((n * cin + c) * h + py + dy) * w + px + dx] *
                  filt[((oc * cin + c) * KS + dy) * KS + dx];
    part += bias[oc];
    float soft = part / (1.f + fabsf(part));
    float act = silu_scaled(soft, scale);
    dst[((n * cout + oc) * oh + py) * ow + px] = act;
  }
}
