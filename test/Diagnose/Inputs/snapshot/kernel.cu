// Merge two partial (count, mean) summaries per element: the merged mean and
// the between-group term n_a * n_b / n * (mean_b - mean_a)^2. `n_prev` keeps
// the count before the merge; the between-group term read the merged one.
__global__ void merge_means(const float* na, const float* ma, const float* nb, const float* mb,
                            float* mean_out, float* between_out, int len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= len) return;
  float n = na[i];
  float mean = ma[i];
  const float n_prev = n;
  n += nb[i];
  const float d = mb[i] - mean;
  mean = (n_prev * mean + nb[i] * mb[i]) / n;
  mean_out[i] = mean;
  between_out[i] = d * d * n * nb[i] / n;
}
