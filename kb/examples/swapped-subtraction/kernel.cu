// Gradient of the mean squared error: d/dpred scale * (pred - target)^2.
#include <torch/extension.h>

__global__ void l2_loss_grad_kernel(const float* __restrict__ pred,
                                    const float* __restrict__ target,
                                    float* __restrict__ grad, float scale, int64_t n) {
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i < n) {
        float diff = target[i] - pred[i];
        grad[i] = 2.0f * scale * diff;
    }
}

torch::Tensor l2_loss_grad(torch::Tensor pred, torch::Tensor target, double scale) {
    auto grad = torch::empty_like(pred);
    int64_t n = pred.numel();
    l2_loss_grad_kernel<<<(n + 255) / 256, 256>>>(pred.data_ptr<float>(), target.data_ptr<float>(),
                                                  grad.data_ptr<float>(), (float)scale, n);
    return grad;
}
