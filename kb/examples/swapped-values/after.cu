// WaveNet gated activation: y = tanh(filter) * sigmoid(gate). The two inputs
// are read into locals and used the wrong way round.
__device__ float sigmoidf(float v) { return 1.0f / (1.0f + expf(-v)); }

__global__ void gated_tanh(const float *filter, const float *gate, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float f = filter[i];
    float g = gate[i];
    y[i] = tanhf(f) * sigmoidf(g);
  }
}
