__global__ void count_steps_ref(const int *start, int *out, int limit, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  long long stride = (long long)gridDim.x * blockDim.x;
  long long left = (long long)limit - start[t];
  out[t] = left > 0 ? (int)((left + stride - 1) / stride) : 0;
}
