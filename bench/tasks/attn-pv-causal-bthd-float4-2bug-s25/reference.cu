// Reference: one thread per output element out[b, s, h, d].
__global__ void attn_pv_ref(const float* P, const float* V, float* out,
                            int B, int S, int T, int H, int D) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (long)B * S * H * D) return;
  int d = (int)(i % D);
  int h = (int)((i / D) % H);
  int s = (int)((i / ((long)D * H)) % S);
  int b = (int)(i / ((long)D * H * S));
  float acc = 0.0f;
  for (int t = 0; t <= s + T - S; ++t) {
    float p = P[(((long)b * H + h) * S + s) * T + t];
    float x = V[(((long)b * T + t) * H + h) * D + d];
    acc += p * x;
  }
  out[i] = acc;
}
