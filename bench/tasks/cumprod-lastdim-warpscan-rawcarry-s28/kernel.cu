// torch.cumprod(x, dim=-1) for a contiguous float tensor viewed as [rows, cols].
//
// One warp per row: the block is (32, 4), threadIdx.y picks the row inside the block.
// The row is walked in chunks of 32 columns; every chunk gets an inclusive product scan
// (Hillis-Steele with __shfl_up_sync), is scaled by the running product of the previous
// chunks (carry), and the carry then absorbs the chunk's total (the scanned value of the
// last lane).

#define WARP_SIZE 32
#define FULL_MASK 0xffffffffu

extern "C" __global__ void cumprod_lastdim_warp(const float* __restrict__ x,
                                                float* __restrict__ y,
                                                int rows, int cols) {
    const int lane = threadIdx.x;
    const int row = blockIdx.x * blockDim.y + threadIdx.y;
    if (row >= rows) return;  // uniform per warp

    const float* __restrict__ xr = x + (size_t)row * cols;
    float* __restrict__ yr = y + (size_t)row * cols;

    float carry = 1.0f;
    for (int base = 0; base < cols; base += WARP_SIZE) {
        const int c = base + lane;
        const float xv = (c < cols) ? xr[c] : 1.0f;  // 1 is the identity of the product

        float v = xv;
#pragma unroll
        for (int off = 1; off < WARP_SIZE; off <<= 1) {
            const float up = __shfl_up_sync(FULL_MASK, v, off);
            if (lane >= off) v *= up;
        }

        if (c < cols) yr[c] = carry * v;
        carry *= __shfl_sync(FULL_MASK, xv, WARP_SIZE - 1);
    }
}
