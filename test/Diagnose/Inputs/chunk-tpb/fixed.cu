// y = x * s + t over chunks of 1024 elements per block; the host launches 128 threads.
#define CHUNK 1024
#define TPB 128

__global__ void scale_chunks(const float *x, float *y, float s, float t, int n)
{
    int base = blockIdx.x * CHUNK;
    for (int k = threadIdx.x; k < CHUNK; k += TPB) {
        int i = base + k;
        if (i < n) y[i] = x[i] * s + t;
    }
}
