// A grid-stride loop whose counter ends near INT_MAX: the last increment of
// `i += stride` passes INT_MAX, which C leaves undefined and nvcc's code
// treats as the end of the loop.
__global__ void count_steps(const int *start, int *out, int limit, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int steps = 0;
  for (int i = start[t]; i < limit; i += gridDim.x * blockDim.x)
    steps += 1;
  out[t] = steps;
}
