#include <cuda_bf16.h>
// one single-thread block per bag, double accumulation per column
__global__ void embbag_ref(const __nv_bfloat16* weight, const int* idx, float* out, int bag_size, int dim) {
    int b = blockIdx.x;
    for (int d = 0; d < dim; ++d) {
        double s = 0.0;
        for (int j = 0; j < bag_size; ++j)
            s += (double)__bfloat162float(weight[(long long)idx[(long long)b * bag_size + j] * dim + d]);
        out[(long long)b * dim + d] = (float)(s / bag_size);
    }
}
