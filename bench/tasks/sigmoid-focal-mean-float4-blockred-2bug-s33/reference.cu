// Reference: a single thread sums the focal loss of every element in double and divides by n.
__global__ void sigmoid_focal_loss_mean_ref(const float* x, const float* t, float* out, int n,
                                            float alpha, float gamma) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    double s = 0.0;
    for (int i = 0; i < n; ++i) {
        double xv = (double)x[i], tv = (double)t[i];
        double p = 1.0 / (1.0 + exp(-xv));
        double ce = (xv > 0.0 ? xv : 0.0) - xv * tv + log1p(exp(-fabs(xv)));
        double pt = p * tv + (1.0 - p) * (1.0 - tv);
        double at = (double)alpha * tv + (1.0 - (double)alpha) * (1.0 - tv);
        s += at * ce * pow(1.0 - pt, (double)gamma);
    }
    out[0] = (float)(s / (double)n);
}
