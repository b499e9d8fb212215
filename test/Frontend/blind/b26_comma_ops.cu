__global__ void pairwise_dist(const float* p, float* d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y;
  if (i >= n || j >= n) return;
  float dx = p[2 * i] - p[2 * j], dy = p[2 * i + 1] - p[2 * j + 1];
  d[j * n + i] = sqrtf(dx * dx + dy * dy);
}
