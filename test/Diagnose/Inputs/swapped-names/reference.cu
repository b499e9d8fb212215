__global__ void adaptive_avg_ref(const float* x, float* y, int IH, int IW, int OH, int OW) {
    int ox = blockIdx.x * blockDim.x + threadIdx.x;
    int oy = blockIdx.y;
    if (ox >= OW) return;
    int y0 = (oy * IH) / OH, y1 = ((oy + 1) * IH + OH - 1) / OH;
    int x0 = (ox * IW) / OW, x1 = ((ox + 1) * IW + OW - 1) / OW;
    double s = 0.0;
    for (int r = y0; r < y1; ++r)
        for (int c = x0; c < x1; ++c) s += x[r * IW + c];
    y[oy * OW + ox] = (float)(s / ((y1 - y0) * (x1 - x0)));
}
