template <typename T>
__global__ void reverse_block(T* d, int n) {
  extern __shared__ unsigned char smem_raw[];
  T* s = reinterpret_cast<T*>(smem_raw);
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (i < n) s[t] = d[i];
  __syncthreads();
  int j = blockDim.x - 1 - t;
  int src = blockIdx.x * blockDim.x + j;
  if (i < n && src < n) d[i] = s[j];
}
template __global__ void reverse_block<float>(float*, int);
