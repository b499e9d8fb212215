// Reference: one thread per (bag, d); bag bounds from offsets (the last bag ends at
// num_indices), mean of the gathered rows, 0 for an empty bag.
__global__ void embedding_bag_mean_ref(const float* weight, const int* indices, const int* offsets,
                                       float* out, int num_bags, int num_indices, int D) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= num_bags * D) return;
    int bag = i / D, d = i % D;
    int start = offsets[bag];
    int end = (bag == num_bags - 1) ? num_indices : offsets[bag + 1];
    double s = 0.0;
    for (int j = start; j < end; ++j) s += (double)weight[(long long)indices[j] * D + d];
    out[i] = (end > start) ? (float)(s / (double)(end - start)) : 0.0f;
}
