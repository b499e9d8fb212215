// C = A * B with 16 x 16 tiles. The tile loads are guarded; the store checks
// the row only, so the threads past the last column write into the next row.
#define TS 16
__global__ void tiled_mm(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float a[TS][TS], b[TS][TS];
  int row = blockIdx.y * TS + threadIdx.y;
  int col = blockIdx.x * TS + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TS) {
    int ka = k0 + threadIdx.x, kb = k0 + threadIdx.y;
    a[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
    b[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TS; ++k)
      acc += a[threadIdx.y][k] * b[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M)
    C[row * N + col] = acc;
}
