#include <stdint.h>
// one thread per output bin (grid.y = batch row): the bin's initial value plus every
// source element of that row mapped to it, summed in double
__global__ void scatter_add_ref(const float* src, const int64_t* index, float* out, int E, int R) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (r >= R) return;
    double s = out[(long long)b * R + r];
    for (int e = 0; e < E; ++e)
        if (index[(long long)b * E + e] == r) s += src[(long long)b * E + e];
    out[(long long)b * R + r] = (float)s;
}
