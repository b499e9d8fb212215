#define WIDTH 256
__global__ void seg_running_xor_ref(const int *in, int *out, int n) {
  int seg = blockIdx.x * blockDim.x + threadIdx.x;
  int begin = seg * WIDTH;
  if (begin >= n) return;
  int acc = 0;
  for (int i = begin; i < begin + WIDTH && i < n; ++i) {
    acc ^= in[i];
    out[i] = acc;
  }
}
