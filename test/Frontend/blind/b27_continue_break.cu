__global__ void count_until_neg(const int* x, int* out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  int cnt = 0;
  for (int c = 0; c < cols; c++) {
    int v = x[r * cols + c];
    if (v == 0) continue;
    if (v < 0) break;
    cnt++;
  }
  out[r] = cnt;
}
