// Row-wise exclusive prefix sum (work-efficient Blelloch scan), one block per row.
// Each of the 256 threads owns two elements; rows are zero-padded up to 512.
#define SCAN_THREADS 256
#define SCAN_N (2 * SCAN_THREADS)

__global__ void row_exclusive_scan(const int* g_in, int* g_out, int rows, int L) {
    if (blockIdx.x >= rows) return;
    __shared__ int temp[SCAN_N];
    const int thid = threadIdx.x;
    const int* in = g_in + (size_t)blockIdx.x * L;
    int* out = g_out + (size_t)blockIdx.x * L;

    temp[2 * thid]     = (2 * thid < L) ? in[2 * thid] : 0;
    temp[2 * thid + 1] = (2 * thid + 1 < L) ? in[2 * thid + 1] : 0;

    int offset = 1;
    // up-sweep (reduce) phase
    for (int d = SCAN_N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (thid == 0) temp[SCAN_N - 1] = 0;

    // down-sweep phase
    for (int d = 1; d < SCAN_N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();

    if (2 * thid < L) out[2 * thid] = temp[2 * thid];
    if (2 * thid + 1 < L) out[2 * thid + 1] = temp[2 * thid + 1];
}
