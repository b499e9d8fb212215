// Reference: a single block; for each sample the 256 threads accumulate strided sums in
// double, thread 0 adds the partials in order and accumulates the per-sample loss.
__global__ void dice_ref(const float* logits, const float* targets, float* out, int B, int D,
                         float smooth) {
    __shared__ double part[3][256];
    double loss = 0.0;
    for (int b = 0; b < B; ++b) {
        double I = 0.0, P = 0.0, T = 0.0;
        for (int i = threadIdx.x; i < D; i += 256) {
            double p = 1.0 / (1.0 + exp(-(double)logits[(long long)b * D + i]));
            double t = (double)targets[(long long)b * D + i];
            I += p * t; P += p; T += t;
        }
        part[0][threadIdx.x] = I; part[1][threadIdx.x] = P; part[2][threadIdx.x] = T;
        __syncthreads();
        if (threadIdx.x == 0) {
            double si = 0.0, sp = 0.0, st = 0.0;
            for (int k = 0; k < 256; ++k) { si += part[0][k]; sp += part[1][k]; st += part[2][k]; }
            loss += 1.0 - (2.0 * si + smooth) / (sp + st + smooth);
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) out[0] = (float)(loss / B);
}
