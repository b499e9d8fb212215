// Horizontal 3-tap box blur of an image, shared tile of 8 rows x (32 + 2) columns,
// (32, 8) blocks on a 2-D grid. Clamp-to-edge at the image border.
#define TW 32
#define TH 8

__global__ void blur_rows(const float *img, float *out, int H, int W)
{
    __shared__ float tile[TH][TW + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TW + tx;
    int y = blockIdx.y * TH + ty;
    int yc = min(y, H - 1);
    tile[ty][tx + 1] = img[yc * W + min(x, W - 1)];
    if (tx == 0) tile[ty][0] = img[yc * W + max(x - 1, 0)];
    if (tx == TW - 1) tile[ty][TW + 1] = img[yc * W + min(x + 1, W - 1)];
    if (x < W && y < H)
        out[y * W + x] = (tile[ty][tx] + tile[ty][tx + 1] + tile[ty][tx + 2]) * (1.0f / 3.0f);
}
