// Tiled transpose of an H x W matrix through a padded shared tile. The store
// side's row was copied from the load side's line and kept blockIdx.y.
#define T 16
__global__ void transpose_tiled(const float* in, float* out, int H, int W) {
    __shared__ float tile[T][T + 1];
    const int in_r = blockIdx.y * T + threadIdx.y;
    const int in_c = blockIdx.x * T + threadIdx.x;
    if (in_r < H && in_c < W) tile[threadIdx.y][threadIdx.x] = in[in_r * W + in_c];
    __syncthreads();
    const int out_r = blockIdx.y * T + threadIdx.y;
    const int out_c = blockIdx.y * T + threadIdx.x;
    if (out_r < W && out_c < H) out[out_r * H + out_c] = tile[threadIdx.x][threadIdx.y];
}
