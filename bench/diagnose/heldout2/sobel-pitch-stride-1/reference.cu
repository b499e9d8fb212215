__global__ void sobel_ref(const float* img, float* mag, int W, int H, int pitch) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= W * H) return;
    int y = i / W, x = i % W;
    double gx = 0, gy = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            int yy = min(max(y + dy, 0), H - 1), xx = min(max(x + dx, 0), W - 1);
            double v = img[(long long)yy * pitch + xx];
            double wrow = (dy == 0) ? 2.0 : 1.0;   // smoothing weight across rows
            double wcol = (dx == 0) ? 2.0 : 1.0;   // smoothing weight across columns
            gx += dx * wrow * v;
            gy += dy * wcol * v;
        }
    mag[i] = (float)sqrt(gx * gx + gy * gy);
}
