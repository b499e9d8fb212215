__global__ void cosine_ref(const float* a, const float* b, float* out, int dim, float eps) {
    int r = blockIdx.x;
    double ab = 0, aa = 0, bb = 0;
    for (int i = 0; i < dim; ++i) {
        double u = a[(long long)r * dim + i], v = b[(long long)r * dim + i];
        ab += u * v; aa += u * u; bb += v * v;
    }
    double d = sqrt(aa) * sqrt(bb);
    if (d < eps) d = eps;
    out[r] = (float)(ab / d);
}
