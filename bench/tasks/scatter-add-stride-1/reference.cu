// grid (ceil(dim/128), rows_out): one thread per output element
__global__ void scatter_add_ref(const float* src, const int* index, float* out, int n, int dim) {
    int r = blockIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= dim) return;
    int k = r * dim + j;
    float s = out[k];
    for (int i = 0; i < n; ++i) if (index[i] == r) s += src[i * dim + j];
    out[k] = s;
}
