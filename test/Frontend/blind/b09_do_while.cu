__global__ void fill_pattern(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = i, steps = 0;
  do { v = (v & 1) ? 3 * v + 1 : v / 2; ++steps; } while (v > 1 && steps < 100);
  out[i] = steps;
}
