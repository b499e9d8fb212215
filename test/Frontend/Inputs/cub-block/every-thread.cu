// Per-row statistics with cub::BlockReduce, one block of 128 threads per row:
// the sum (.Sum), the max and min (.Reduce with cub::Max / cub::Min, the
// second through a named BlockReduce object), the element of largest
// magnitude (.Reduce with a user functor), the sum of the first
// min(cols, 128) elements (.Sum with num_valid: the other threads pass
// garbage), and each row minus its mean, the mean broadcast through shared
// memory by thread 0 (the only thread cub gives the result to).
#include <cub/cub.cuh>

struct AbsMax {
  __device__ float operator()(float a, float b) const { return fabsf(a) < fabsf(b) ? b : a; }
};

template <int BLOCK>
__global__ void rowstats(const float *x, float *stats, float *y, int cols) {
  typedef cub::BlockReduce<float, BLOCK> BR;
  __shared__ typename BR::TempStorage temp;
  __shared__ float mean;
  const float *row = x + blockIdx.x * cols;
  float s = 0.0f, hi = -INFINITY, lo = INFINITY, am = 0.0f;
  for (int c = threadIdx.x; c < cols; c += BLOCK) {
    float v = row[c];
    s += v;
    hi = fmaxf(hi, v);
    lo = fminf(lo, v);
    am = fabsf(am) < fabsf(v) ? v : am;
  }
  float sum = BR(temp).Sum(s);
  __syncthreads();
  float mx = BR(temp).Reduce(hi, cub::Max());
  __syncthreads();
  BR reducer(temp);
  float mn = reducer.Reduce(lo, cub::Min());
  __syncthreads();
  float amax = BR(temp).Reduce(am, AbsMax());
  __syncthreads();
  int valid = cols < BLOCK ? cols : BLOCK;
  float head = BR(temp).Sum((int)threadIdx.x < valid ? row[threadIdx.x] : 1e30f, valid);
  if (threadIdx.x == 0) {
    float *st = stats + blockIdx.x * 5;
    st[0] = sum;
    st[1] = mx;
    st[2] = mn;
    st[3] = amax;
    st[4] = head;
    mean = sum / cols;
  }
  __syncthreads();
  for (int c = threadIdx.x; c < cols; c += BLOCK)
    y[blockIdx.x * cols + c] = row[c] - sum / cols;
}

template __global__ void rowstats<128>(const float *, float *, float *, int);
