// A 3-tap moving sum with zero padding; the bounds test is a macro whose
// upper bound is inclusive, so the last output reads one past the row.
#define VALID(i, n) ((i) >= 0 && (i) <= (n))
#define TAP(p, i, n) (VALID(i, n) ? (p)[i] : 0.0f)

__global__ void box3(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = TAP(x, i - 1, n) + TAP(x, i, n) + TAP(x, i + 1, n);
}
