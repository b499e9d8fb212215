#include <math.h>
// Reference: one thread per query row (b, h, s); scores written to the row, then normalized in place.
__global__ void causal_probs_ref(const float* q, const float* k, float* probs,
                                 int BH, int S, int T, int D, float scale) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= BH * S) return;
  int bh = row / S;
  int s = row % S;
  int allowed = s + (T - S);
  float* p = probs + (long)row * T;
  float mx = -INFINITY;
  for (int t = 0; t < T; ++t) {
    if (t > allowed) { p[t] = 0.0f; continue; }
    float dot = 0.0f;
    for (int d = 0; d < D; ++d)
      dot += q[(long)row * D + d] * k[((long)bh * T + t) * D + d];
    p[t] = dot * scale;
    if (p[t] > mx) mx = p[t];
  }
  float sum = 0.0f;
  for (int t = 0; t <= allowed; ++t) {
    p[t] = expf(p[t] - mx);
    sum += p[t];
  }
  for (int t = 0; t <= allowed; ++t) p[t] = p[t] / sum;
}
