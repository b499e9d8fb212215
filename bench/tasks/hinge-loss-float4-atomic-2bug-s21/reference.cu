// single thread, serial sum in double
__global__ void hinge_ref(const float* pred, const float* tgt, float* loss, int n) {
    double s = 0.0;
    for (int i = 0; i < n; ++i) {
        double h = 1.0 - (double)pred[i] * (double)tgt[i];
        if (h > 0.0) s += h;
    }
    loss[0] = (float)(s / n);
}
