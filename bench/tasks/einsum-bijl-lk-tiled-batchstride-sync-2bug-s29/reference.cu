// Reference: one thread per output element C[b, i, j, k] (blockIdx.y = b), dot product over
// l in double.
__global__ void einsum_ref(const float* A, const float* B, float* C, int IJ, int L, int K) {
    long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= (long long)IJ * K) return;
    long long b = blockIdx.y;
    long long k = o % K;
    long long r = b * IJ + o / K;  // flattened (b, i, j)
    double s = 0.0;
    for (int l = 0; l < L; ++l) s += (double)A[r * L + l] * (double)B[(long long)l * K + k];
    C[r * K + k] = (float)s;
}
