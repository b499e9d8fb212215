// Shift a signal right by `shift` samples with zero fill (a causal delay
// line): y[i] = x[i - shift] for i >= shift. The test is written `i > shift`,
// so sample i == shift gets 0 instead of x[0].
__global__ void delay_line(const float *x, float *y, int n, int shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = (i >= shift) ? x[i - shift] : 0.0f;
}
