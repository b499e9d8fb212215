// Reference: one thread per score element; blockIdx.y is the (b, h) pair.
__global__ void qk_scores_ref(const float* q, const float* k, float* scores,
                              int S, int T, int D, float scale) {
  int bh = blockIdx.y;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= S * T) return;
  int s = i / T;
  int t = i % T;
  float dot = 0.0f;
  for (int d = 0; d < D; ++d)
    dot += q[((long)bh * S + s) * D + d] * k[((long)bh * T + t) * D + d];
  scores[(long)bh * S * T + i] = dot * scale;
}
