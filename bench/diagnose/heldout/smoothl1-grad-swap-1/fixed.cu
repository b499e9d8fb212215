// Gradient of SmoothL1 (beta = 1) w.r.t. pred, scaled by 1/n; grid-stride loop.
__device__ __forceinline__ float smooth_l1_grad(float d)
{
    return fabsf(d) < 1.0f ? d : copysignf(1.0f, d);
}

__global__ void smooth_l1_backward(const float *pred, const float *target, float *grad,
                                   int n, float inv_n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float d = pred[i] - target[i];
        grad[i] = smooth_l1_grad(d) * inv_n;
    }
}
