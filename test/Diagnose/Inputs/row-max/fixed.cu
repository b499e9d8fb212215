#include <float.h>
// Per-row maximum of a matrix of logits, grid-stride over the rows.
#define ROWS_PER_STEP (blockDim.x * gridDim.x)

__global__ void row_max(const float *logits, float *row_best, int nrows, int ncols) {
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < nrows; r += ROWS_PER_STEP) {
        const float *p = logits + (long long)r * ncols;
        float m = -FLT_MAX;
        for (int c = 0; c < ncols; ++c) {
            float v = p[c];
            if (v > m) m = v;
        }
        row_best[r] = m;
    }
}
