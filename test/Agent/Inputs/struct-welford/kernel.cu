// Row statistics with a Welford state kept in a struct (constructor, member
// functions, a merge through a const reference), one thread per row, two
// interleaved partial states merged at the end. The variance divides by
// n - 1 although the op is the biased (population) variance.
struct Welford {
  float mean, m2;
  int n;
  __device__ Welford() : mean(0.f), m2(0.f), n(0) {}
  __device__ void push(float x) {
    ++n;
    float d = x - mean;
    mean += d / n;
    m2 += d * (x - mean);
  }
  __device__ void merge(const Welford &o) {
    int tot = n + o.n;
    float d = o.mean - mean;
    mean += d * o.n / tot;
    m2 += o.m2 + d * d * n * o.n / tot;
    n = tot;
  }
  __device__ float variance() const { return m2 / (n - 1); }
};

struct MinMax {
  float lo, hi;
};

__device__ MinMax widen(MinMax r, float v) { return {fminf(r.lo, v), fmaxf(r.hi, v)}; }

__global__ void row_stats(const float *x, float *mean, float *var, float *range, int rows,
                          int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  Welford even, odd;
  MinMax mm = {INFINITY, -INFINITY};
  for (int c = 0; c < cols; ++c) {
    float v = x[(size_t)r * cols + c];
    if (c & 1)
      odd.push(v);
    else
      even.push(v);
    mm = widen(mm, v);
  }
  even.merge(odd);
  mean[r] = even.mean;
  var[r] = even.variance();
  range[r] = mm.hi - mm.lo;
}
