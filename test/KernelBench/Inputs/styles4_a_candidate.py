# Source through `%` with a dict; forward reads module attributes, casts with
# float()/int(), converts dtypes that are already right, and allocates the output.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

THREADS = 128

SRC = r"""
#include <torch/extension.h>
#define THREADS %(threads)d
#define TAG "%(tag)s"
// 100%% of the channels are summed
__global__ void gn_sum_kernel(const float* x, const float* w, const float* b,
                              const long* labels, float* out, int C, int L, int G,
                              float eps, float alpha) {
    int i = blockIdx.x * THREADS + threadIdx.x;
    int n = blockIdx.y;
    if (i >= L) return;
    float s = 0.0f;
    for (int c = 0; c < C; ++c) s += w[c] * x[((long)n * C + c) * L + i] + b[c];
    out[(long)n * L + i] = alpha * s / (float)(C / G) + eps * (float)(labels[n] %% 2);
}

torch::Tensor gn_sum(torch::Tensor x, torch::Tensor w, torch::Tensor b, torch::Tensor labels,
                     torch::Tensor out, int64_t groups, double eps, double alpha) {
    std::vector<int64_t> shape;
    for (int d = 0; d < x.dim(); ++d) {
        if (d != 1) shape.push_back(x.size(d));
    }
    int64_t rows = 1;
    for (int d = 0; d < 1; ++d) rows *= shape[d];
    int L = shape[1];
    dim3 grid((L + THREADS - 1) / THREADS, rows);
    gn_sum_kernel<<<grid, THREADS>>>(x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(),
        labels.data_ptr<long>(), out.data_ptr<float>(), x.size(1), L, groups, eps, alpha);
    return out;
}
""" % dict(threads=THREADS, tag="gn")

DECL = ("torch::Tensor gn_sum(torch::Tensor x, torch::Tensor w, torch::Tensor b, "
        "torch::Tensor labels, torch::Tensor out, int64_t groups, double eps, double alpha);")


class ModelNew(nn.Module):
    def __init__(self, groups, channels, alpha):
        super().__init__()
        self.gn = nn.GroupNorm(groups, channels, eps=1e-4)
        self.pool = nn.MaxPool1d(2)
        self.alpha = alpha
        self.ext = load_inline(name="gn_sum4", cpp_sources=DECL, cuda_sources=SRC,
                               functions=["gn_sum"])

    def forward(self, x, labels, unused):
        n, c, l = x.shape
        out = x.new_empty((n, 1, l))
        return self.ext.gn_sum(x.float(), self.gn.weight, self.gn.bias, labels.to(torch.int64),
                               out, int(self.gn.num_groups), self.gn.eps,
                               float(self.alpha) * self.pool.stride)
