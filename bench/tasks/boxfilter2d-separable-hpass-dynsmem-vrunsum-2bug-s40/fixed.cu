// Separable box filter (mean over a (2r+1) x (2r+1) window, zero padding, the window area as
// divisor: F.avg_pool2d(x, 2r+1, stride=1, padding=r, count_include_pad=True)) on a stack of
// single-channel planes x: [P, H, W] float32.
//
// Pass 1 (box_hpass): horizontal window sums into tmp [P, H, W]. grid = (ceil(W/128), H, P),
//   block = 128; each block stages its 128 columns plus r halo columns on each side in dynamic
//   shared memory ((128 + 2r) floats).
// Pass 2 (box_vpass): vertical running sum down each column of tmp, scaled by 1/(2r+1)^2.
//   grid = (ceil(W/64), P), block = 64; one thread per column walks the H rows.

#include <cuda_runtime.h>

#define HP_TILE 128

// x[row, c] with zero padding outside [0, W)
__device__ __forceinline__ float load_zero_pad(const float* __restrict__ row, int c, int W) {
    return (c >= 0 && c < W) ? row[c] : 0.0f;
}

__global__ void box_hpass(const float* __restrict__ x, float* __restrict__ tmp,
                          int H, int W, int r) {
    extern __shared__ float strip[];   // HP_TILE + 2r
    const int h = blockIdx.y;
    const int p = blockIdx.z;
    const int c0 = blockIdx.x * HP_TILE;
    const float* row = x + ((size_t)p * H + h) * W;

    for (int i = threadIdx.x; i < HP_TILE + 2 * r; i += blockDim.x)
        strip[i] = load_zero_pad(row, c0 - r + i, W);
    __syncthreads();

    const int c = c0 + threadIdx.x;
    if (c < W) {
        float s = 0.0f;
        for (int k = 0; k <= 2 * r; ++k) s += strip[threadIdx.x + k];
        tmp[((size_t)p * H + h) * W + c] = s;
    }
}

#define TMP_AT(yy) col[(size_t)(yy) * W]

__global__ void box_vpass(const float* __restrict__ tmp, float* __restrict__ y,
                          int H, int W, int r) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int p = blockIdx.y;
    if (c >= W) return;
    const float* col = tmp + (size_t)p * H * W + c;
    float* out = y + (size_t)p * H * W + c;
    const float inv_area = 1.0f / (float)((2 * r + 1) * (2 * r + 1));

    // window of output row 0 is rows [-r, r]; prime it with rows 0 .. r-1
    float acc = 0.0f;
    for (int yy = 0; yy < r && yy < H; ++yy) acc += TMP_AT(yy);

    for (int yy = 0; yy < H; ++yy) {
        const int in = yy + r;        // row entering the window
        const int gone = yy - r - 1;  // row leaving it
        if (in < H) acc += TMP_AT(in);
        if (gone >= 0) acc -= TMP_AT(gone);
        out[(size_t)yy * W] = acc * inv_area;
    }
}
