// Reference: one thread per element, double math.
__global__ void smooth_l1_backward_ref(const float* pred, const float* target, const float* grad_loss,
                                       float* grad_pred, int numel, float beta) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= numel) return;
    double d = (double)pred[i] - (double)target[i];
    double g;
    if (d < -(double)beta) g = -1.0;
    else if (d > (double)beta) g = 1.0;
    else g = d / (double)beta;
    grad_pred[i] = (float)((double)grad_loss[0] * g / (double)numel);
}
