#include <cuda_runtime.h>

// k-means assignment: label[p] = argmin_c ||pts[p] - cent[c]||^2.
// Grid-stride over points; the centroids are read straight from global memory.
__device__ __forceinline__ float sq_dist(const float* a, const float* b, int d) {
    float s = 0.0f;
    for (int j = 0; j < d; ++j) {
        float t = a[j] - b[j];
        s += t * t;
    }
    return s;
}

__global__ void assign_clusters(const float* __restrict__ pts, const float* __restrict__ cent,
                                int* __restrict__ label, int n, int k, int d) {
    for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < n; p += blockDim.x * gridDim.x) {
        float best_dist = 0.0f;
        int best_c = 0;
        for (int c = 0; c < k; ++c) {
            float dist = sq_dist(pts + (size_t)p * d, cent + (size_t)c * d, d);
            if (dist < best_dist) {
                best_dist = dist;
                best_c = c;
            }
        }
        label[p] = best_c;
    }
}
