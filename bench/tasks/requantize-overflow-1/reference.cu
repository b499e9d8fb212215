__global__ void requantize_ref(const int* v, int* q, int n, int levels, int vmax) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) q[i] = (int)(((long long)v[i] * (long long)levels) / (long long)vmax);
}
