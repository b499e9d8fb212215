// [B, M, N] -> [B, N, M] through the strides of both layouts; the write's m
// term took the source's stride.
__global__ void permute_bmn(const float* src, float* dst, int B, int M, int N,
                            int srcStrideB, int srcStrideM, int srcStrideN,
                            int dstStrideB, int dstStrideN, int dstStrideM) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= B * M * N) return;
  int n = t % N;
  int m = (t / N) % M;
  int b = t / (M * N);
  float v = src[b * srcStrideB + m * srcStrideM + n * srcStrideN];
  dst[b * dstStrideB + n * dstStrideN + m * srcStrideM] = 2.0f * v;
}
