// C = A * B for upper-triangular A and B, written in place over C: only the
// upper triangle is computed, the strict lower triangle keeps what C held
// (zeros). The inner range stops one short: k runs over [row, col) where the
// product's terms are [row, col].
__global__ void triu_matmul(const float *a, const float *b, float *c, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n || row > col)
        return;
    float acc = 0.0f;
    for (int k = row; k <= col; ++k)
        acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
}
