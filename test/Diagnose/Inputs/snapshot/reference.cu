__global__ void merge_ref(const float* na, const float* ma, const float* nb, const float* mb,
                          float* mean_out, float* between_out, int len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < len) {
    float tot = na[i] + nb[i];
    float d = mb[i] - ma[i];
    mean_out[i] = (na[i] * ma[i] + nb[i] * mb[i]) / tot;
    between_out[i] = d * d * (na[i] * nb[i] / tot);
  }
}
