__global__ void gated_tanh_ref(const float *filter, const float *gate, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = (float)(tanh((double)filter[i]) / (1.0 + exp(-(double)gate[i])));
}
