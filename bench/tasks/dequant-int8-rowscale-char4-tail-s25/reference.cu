// Reference: one thread per output element.
__global__ void dequant_rowwise_ref(const signed char* q, const float* scale, float* out, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y;
  if (c >= cols) return;
  out[(long)r * cols + c] = (float)q[(long)r * cols + c] * scale[r];
}
