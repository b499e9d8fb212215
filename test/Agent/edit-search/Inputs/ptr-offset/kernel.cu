// y[b][o] = a[b] . w[o] + c[b] . v[o]: a row of each input staged in one
// dynamic shared buffer, c's part after a's.
__global__ void two_dot(const float* a, const float* c, const float* w, const float* v,
                        float* y, int NA, int NC, int O) {
    extern __shared__ float stage[];
    float* sa = stage;
    float* sc = stage + NC;
    const int b = blockIdx.x;
    for (int i = threadIdx.x; i < NA; i += blockDim.x) sa[i] = a[b * NA + i];
    for (int j = threadIdx.x; j < NC; j += blockDim.x) sc[j] = c[b * NC + j];
    __syncthreads();
    for (int o = threadIdx.x; o < O; o += blockDim.x) {
        float acc = 0.0f;
        for (int i = 0; i < NA; ++i) acc += sa[i] * w[o * NA + i];
        for (int j = 0; j < NC; ++j) acc += sc[j] * v[o * NC + j];
        y[b * O + o] = acc;
    }
}
