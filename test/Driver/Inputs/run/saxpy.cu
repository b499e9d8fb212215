__global__ void saxpy(const float *x, float *y, float a, int n) {}
