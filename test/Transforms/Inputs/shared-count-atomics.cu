// Per-block counters in shared memory: zeroed by plain stores, then counted
// into with atomics. `bucket_count` has no barrier between the two (the
// atomics read counters other threads are still zeroing); `bucket_count_ok`
// has it, and its atomics on the same counters need none between each other.
__global__ void bucket_count(const int *keys, unsigned *out, int n) {
  __shared__ unsigned counts[64];
  if (threadIdx.x < 64)
    counts[threadIdx.x] = 0;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&counts[keys[i] & 63], 1u);
  __syncthreads();
  if (threadIdx.x < 64)
    atomicAdd(&out[threadIdx.x], counts[threadIdx.x]);
}

__global__ void bucket_count_ok(const int *keys, unsigned *out, int n) {
  __shared__ unsigned counts[64];
  if (threadIdx.x < 64)
    counts[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&counts[keys[i] & 63], 1u);
  if (i + 1 < n)
    atomicAdd(&counts[keys[i + 1] & 63], 1u);
  __syncthreads();
  if (threadIdx.x < 64)
    atomicAdd(&out[threadIdx.x], counts[threadIdx.x]);
}
