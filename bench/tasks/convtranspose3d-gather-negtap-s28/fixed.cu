// nn.ConvTranspose3d(Cin, Cout, kernel_size=K, stride=S, padding=P, bias=False), NCDHW.
// weight: [Cin, Cout, K, K, K].  Output extent per axis: (in - 1) * S - 2 * P + K.
//
// Gather form: output voxel (od, oh, ow) receives input voxel i along an axis through tap k
// when o + P - k == i * S with 0 <= i < in.  One thread per output voxel; the grid is
// (ceil(OW/16), ceil(OH/8), N * Cout * OD).

#define IDX5(a, b, c, d, e, B, C, D, E) \
    (((((size_t)(a) * (B) + (b)) * (C) + (c)) * (D) + (d)) * (E) + (e))

// Input coordinate that output coordinate o reads through tap k; false when none.
__device__ __forceinline__ bool tap_source(int o, int k, int stride, int pad, int in_size, int& i) {
    const int t = o + pad - k;
    i = t / stride;
    return t >= 0 && (t % stride == 0) && (i < in_size);
}

__global__ void conv_transpose3d_gather(const float* __restrict__ x,
                                        const float* __restrict__ w,
                                        float* __restrict__ y,
                                        int Cin, int Cout,
                                        int D, int H, int W,
                                        int OD, int OH, int OW,
                                        int K, int stride, int pad) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    const int od = z % OD;
    z /= OD;
    const int co = z % Cout;
    const int n = z / Cout;
    if (ow >= OW || oh >= OH) return;

    float acc = 0.0f;
    for (int kd = 0; kd < K; ++kd) {
        int id;
        if (!tap_source(od, kd, stride, pad, D, id)) continue;
        for (int kh = 0; kh < K; ++kh) {
            int ih;
            if (!tap_source(oh, kh, stride, pad, H, ih)) continue;
            for (int kw = 0; kw < K; ++kw) {
                int iw;
                if (!tap_source(ow, kw, stride, pad, W, iw)) continue;
                for (int ci = 0; ci < Cin; ++ci) {
                    acc += x[IDX5(n, ci, id, ih, iw, Cin, D, H, W)] *
                           w[IDX5(ci, co, kd, kh, kw, Cout, K, K, K)];
                }
            }
        }
    }
    y[IDX5(n, co, od, oh, ow, Cout, OD, OH, OW)] = acc;
}
