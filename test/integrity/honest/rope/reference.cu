__global__ void ref(float* x, int T, int H, int D, float base) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= T * H * D / 2) return;
    int half = D / 2;
    int pos = t / (H * half), p = t % half;
    float ang = pos * powf(base, -2.0f * p / (float)D);
    float* v = x + 2 * t;
    float a = v[0], b = v[1];
    v[0] = a * cosf(ang) - b * sinf(ang);
    v[1] = a * sinf(ang) + b * cosf(ang);
}
