#include <math.h>
// rotary embedding, interleaved pairs (2p, 2p+1); one thread per pair
__global__ void rope_ref(float* x, int T, int H, int D, float base) {
    long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long pairs = (long long)T * H * (D / 2);
    if (k >= pairs) return;
    int p = (int)(k % (D / 2));
    int t = (int)(k / ((long long)H * (D / 2)));
    double inv = pow((double)base, -2.0 * p / D);
    float ang = (float)(t * inv);
    float c = cosf(ang), s = sinf(ang);
    float* v = x + 2 * k;
    float a = v[0], b = v[1];
    v[0] = a * c - b * s;
    v[1] = a * s + b * c;
}
