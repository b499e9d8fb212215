// one thread per output element, integer source coordinates floor(dst * in / out)
__global__ void upsample_nearest3d_ref(const float* x, float* y, int NC, int D, int H, int W, int OD, int OH, int OW) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)NC * OD * OH * OW;
    if (i >= total) return;
    int ow = (int)(i % OW);
    int oh = (int)((i / OW) % OH);
    int od = (int)((i / ((long long)OW * OH)) % OD);
    long long nc = i / ((long long)OW * OH * OD);
    int iw = (int)(((long long)ow * W) / OW);
    int ih = (int)(((long long)oh * H) / OH);
    int id = (int)(((long long)od * D) / OD);
    y[i] = x[((nc * D + id) * H + ih) * W + iw];
}
