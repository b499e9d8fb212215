// Doubles a rows x cols matrix through a 16 x 16 shared tile; the tile load and
// the store lost their bounds checks (partial tiles on the right and bottom).
#define TS 16
__global__ void tile_double(const float* in, float* out, int rows, int cols) {
    __shared__ float t[TS][TS];
    int c = blockIdx.x * TS + threadIdx.x;
    int r = blockIdx.y * TS + threadIdx.y;
    t[threadIdx.y][threadIdx.x] = in[r * cols + c];
    __syncthreads();
    out[r * cols + c] = 2.0f * t[threadIdx.y][threadIdx.x];
}
