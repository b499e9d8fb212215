// inclusive scan of each 256-element segment (one thread per element, O(256) each)
__global__ void seg_scan_ref(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int s = 0;
    for (int j = (i / 256) * 256; j <= i; ++j) s += in[j];
    out[i] = s;
}
