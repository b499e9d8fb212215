// BatchNorm1d forward in training mode on a (batch, features) matrix: one thread per feature column,
// Welford over the batch, then normalise with the batch statistics and apply gamma / beta.
__device__ inline void welford_update(float x, float& mean, float& m2, int& count) {
    ++count;
    const float delta = x - mean;
    mean += delta / count;
    m2 += delta * (x - mean);
}

__global__ void batchnorm1d_train_fwd(const float* __restrict__ x, const float* __restrict__ gamma,
                                      const float* __restrict__ beta, float* __restrict__ y,
                                      int batch, int features, float eps) {
    const int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= features) return;

    float mean = 0.0f, m2 = 0.0f;
    int count = 0;
    for (int r = 0; r < batch; ++r) welford_update(x[(size_t)r * features + f], mean, m2, count);

    const float var = m2 / count;
    const float inv_std = rsqrtf(var + eps);
    const float g = gamma[f], b = beta[f];
    for (int r = 0; r < batch; ++r) {
        const size_t i = (size_t)r * features + f;
        y[i] = (x[i] - mean) * inv_std * g + b;
    }
}
