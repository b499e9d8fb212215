// Sums the rows of p (a softmax input: each row sums to 1) into *loss, and the
// strictly lower triangle of t (a triu input: all zeros) into *low. The host
// divides loss by R afterwards (the task's epilogue), so *loss ends at 1.
__global__ void row_mass(const float *p, const float *t, float *loss, float *low, int R, int C,
                         int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < R * C)
    atomicAdd(loss, p[i]);
  if (i < N * N) {
    int r = i / N, c = i % N;
    if (c < r)
      atomicAdd(low, t[i]);
  }
}
