// Reference: one thread per element of out[b, h, s, d].
__global__ void rope_transpose_ref(const float* x, float* out, const float* cos_cache,
                                   const float* sin_cache, const int* pos_ids,
                                   int B, int S, int H, int D) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= B * H * S * D) return;
  int d = j % D;
  int s = (j / D) % S;
  int h = (j / (D * S)) % H;
  int b = j / (D * S * H);
  int half = D / 2;
  int p = pos_ids[b * S + s];
  const float* row = x + ((b * S + s) * H + h) * D;
  if (d < half) {
    float c = cos_cache[p * half + d];
    float sn = sin_cache[p * half + d];
    out[j] = row[d] * c - row[d + half] * sn;
  } else {
    float c = cos_cache[p * half + d - half];
    float sn = sin_cache[p * half + d - half];
    out[j] = row[d] * c + row[d - half] * sn;
  }
}
