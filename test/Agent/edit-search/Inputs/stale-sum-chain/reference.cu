#define KS 3
__global__ void conv_softsign_silu_ref(const float *img, const float *filt, const float *bias,
                                       float *dst, int nimg, int cin, int cout, int h, int w,
                                       float scale) {
  int ow = w - KS + 1, oh = h - KS + 1;
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  int py = blockIdx.y * blockDim.y + threadIdx.y;
  int oc = blockIdx.z;
  if (px >= ow || py >= oh)
    return;
  for (int n = 0; n < nimg; ++n) {
    float s = 0.f;
    for (int c = 0; c < cin; ++c)
      for (int dy = 0; dy < KS; ++dy)
        for (int dx = 0; dx < KS; ++dx)
          s += img[((n * cin + c) * h + py + dy) * w + px + dx] *
               filt[((oc * cin + c) * KS + dy) * KS + dx];
    s += bias[oc];
    float soft = s / (1.f + fabsf(s));
    dst[((n * cout + oc) * oh + py) * ow + px] = scale * soft / (1.f + expf(-soft));
  }
}
