__global__ void mm_ref(const float *A, const float *B, float *C, int M, int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N)
    return;
  double s = 0.0;
  for (int k = 0; k < K; ++k)
    s += (double)A[row * K + k] * (double)B[k * N + col];
  C[row * N + col] = (float)s;
}
