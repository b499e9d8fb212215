# Writes honest/<name>/{task.json,reference.cu,kernel.cu} for correct corpus
# kernels (kernel.cu copied from test/Frontend/corpus) and the lit tests
# honest-<name>.test one directory up. Run from this directory after editing.
import json, os, shutil
CORPUS = '../../Frontend/corpus'
def P(n, role, dt, shape=None, value=None):
    d = {"name": n, "role": role, "dtype": dt}
    if role == 'scalar': d['value'] = value
    else: d['shape'] = shape
    return d
def I(n, dt='i32', v=None): return P(n, 'scalar', dt, value=v)
EW = lambda n: [P("x", "input", "f32", ["N"]), P("y", "output", "f32", ["N"])]
K = []
def task(name, src, kernel, params, launch, sizes, ref, refk, refparams, reflaunch,
         inputs=None, tol=(1e-5, 1e-5), seeds=2):
    K.append(dict(name=name, src=src, kernel=kernel, params=params, launch=launch, sizes=sizes,
                  ref=ref, refk=refk, refparams=refparams, reflaunch=reflaunch,
                  inputs=inputs or {}, tol=tol, seeds=seeds))
g1 = lambda e, b: {"grid": [e], "block": [b]}
ELT = lambda body, args: ("__global__ void ref(%s, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) %s;\n}\n" % (args, body))

task("vector_add", "vector_add.cu", "vector_add",
     [P("a","input","f32",["N"]), P("b","input","f32",["N"]), P("c","output","f32",["N"]), I("n",v="N")],
     g1("ceildiv(N,256)",256), [{"N":3000},{"N":517}],
     ELT("c[i] = a[i] + b[i]", "const float* a, const float* b, float* c"), "ref", ["a","b","c","n"], g1("ceildiv(N,64)",64))
task("saxpy_grid_stride", "saxpy_grid_stride.cu", "saxpy",
     [I("n",v="N"), P("alpha","scalar","f32",value=1.5), P("x","input","f32",["N"]), P("y","inout","f32",["N"])],
     g1(8,128), [{"N":3000},{"N":517}],
     ELT("y[i] = alpha * x[i] + y[i]", "float alpha, const float* x, float* y"), "ref", ["alpha","x","y","n"], g1("ceildiv(N,64)",64))
task("scale_template", "scale_template.cu", "scale<float>",
     [P("in","input","f32",["N"]), P("out","output","f32",["N"]), P("factor","scalar","f32",value=0.75), I("n",v="N")],
     g1("ceildiv(N,256)",256), [{"N":2000},{"N":333}],
     ELT("out[i] = in[i] * factor", "const float* in, float* out, float factor"), "ref", ["in","out","factor","n"], g1("ceildiv(N,64)",64))
task("gelu_tanh", "gelu_tanh.cu", "gelu_forward",
     [P("x","input","f32",["N"]), P("y","output","f32",["N"]), I("n","u64","N")],
     g1("ceildiv(N,256)",256), [{"N":2000},{"N":333}],
     ELT("y[i] = 0.5f * x[i] * (1.0f + tanhf(0.7978845608f * (x[i] + 0.044715f * x[i] * x[i] * x[i])))", "const float* x, float* y"),
     "ref", ["x","y","n"], g1("ceildiv(N,64)",64), tol=(1e-5,1e-4))
task("gelu_erf_torch", "gelu_erf_torch.cu", "gelu_erf_kernel",
     [P("input","input","f32",["N"]), P("output","output","f32",["N"]), I("size",v="N")],
     g1("ceildiv(N,256)",256), [{"N":2000},{"N":333}],
     ELT("output[i] = 0.5f * input[i] * (1.0f + erff(input[i] * 0.70710678f))", "const float* input, float* output"),
     "ref", ["input","output","size"], g1("ceildiv(N,64)",64), tol=(1e-5,1e-4))
task("leaky_relu_grad", "leaky_relu_grad.cu", "leaky_relu_backward",
     [P("x","input","f32",["N"]), P("dy","input","f32",["N"]), P("dx","output","f32",["N"]), P("slope","scalar","f32",value=0.01), I("n","u64","N")],
     g1("ceildiv(N,256)",256), [{"N":2000},{"N":333}],
     ELT("dx[i] = x[i] > 0.f ? dy[i] : dy[i] * slope", "const float* x, const float* dy, float* dx, float slope"),
     "ref", ["x","dy","dx","slope","n"], g1("ceildiv(N,64)",64))
task("swiglu", "swiglu.cu", "swiglu_kernel",
     [P("gate","input","f32",["N"]), P("up","input","f32",["N"]), P("out","output","f32",["N"]), I("n","i64","N")],
     g1("ceildiv(N,256)",256), [{"N":2000},{"N":333}],
     ELT("out[i] = gate[i] / (1.0f + expf(-gate[i])) * up[i]", "const float* gate, const float* up, float* out"),
     "ref", ["gate","up","out","n"], g1("ceildiv(N,64)",64), tol=(1e-5,1e-4))
task("fused_add_mul_torch", "fused_add_mul_torch.cu", "fused_add_mul_kernel",
     [P("a","input","f32",["N"]), P("b","input","f32",["N"]), P("c","input","f32",["N"]), P("out","output","f32",["N"]), I("numel","i64","N")],
     g1("ceildiv(N,256)",256), [{"N":2000},{"N":333}],
     ELT("out[i] = (a[i] + b[i]) * c[i]", "const float* a, const float* b, const float* c, float* out"),
     "ref", ["a","b","c","out","numel"], g1("ceildiv(N,64)",64))
task("sigmoid_float4", "sigmoid_float4.cu", "sigmoid_vec4",
     [P("x","input","f32",["N"]), P("y","output","f32",["N"]), I("n",v="N")],
     g1("ceildiv(N,1024)",256), [{"N":2003},{"N":512}],
     ELT("y[i] = 1.0f / (1.0f + expf(-x[i]))", "const float* x, float* y"),
     "ref", ["x","y","n"], g1("ceildiv(N,64)",64), tol=(1e-6,1e-5))
RB = """__global__ void ref(const float* in, const float* bias, float* out, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    float v = in[i] + bias[i %% cols];
    out[i] = %s;
}
"""
RBP = lambda a,b,c: [P(a,"input","f32",["R","C"]), P(b,"input","f32",["C"]), P(c,"output","f32",["R","C"]), I("rows",v="R"), I("cols",v="C")]
task("relu_bias", "relu_bias.cu", "bias_relu_kernel", RBP("input","bias","output"),
     g1("ceildiv(R*C,256)",256), [{"R":37,"C":100},{"R":8,"C":300}],
     RB % "fmaxf(v, 0.f)", "ref", ["input","bias","output","rows","cols"], g1("ceildiv(R*C,64)",64))
task("bias_gelu_template", "bias_gelu_template.cu", "bias_gelu<4>", RBP("in","bias","out"),
     g1("ceildiv(R*C,512)",128), [{"R":37,"C":100},{"R":8,"C":301}],
     RB % "0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)))", "ref", ["in","bias","out","rows","cols"], g1("ceildiv(R*C,64)",64), tol=(1e-5,1e-4))
ROWREF = """__global__ void ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = x[r * cols];
    for (int c = 1; c < cols; ++c) m = fmaxf(m, x[r * cols + c]);
    float s = 0.f;
    for (int c = 0; c < cols; ++c) s += expf(x[r * cols + c] - m);
    for (int c = 0; c < cols; ++c) y[r * cols + c] = %s;
}
"""
RP = [P("x","input","f32",["R","C"]), P("y","output","f32",["R","C"]), I("rows",v="R"), I("cols",v="C")]
task("softmax_warp", "softmax_warp.cu", "softmax_warp_kernel", RP, g1("ceildiv(R,4)",128),
     [{"R":10,"C":300},{"R":3,"C":77}], ROWREF % "expf(x[r * cols + c] - m) / s", "ref", ["x","y","rows","cols"], g1("ceildiv(R,32)",32),
     inputs={"x":{"dist":"normal","std":2.0}}, tol=(1e-6,1e-4))
task("softmax_row", "softmax_row.cu", "softmax_rows", RP, g1("R",256),
     [{"R":10,"C":300},{"R":3,"C":1000}], ROWREF % "expf(x[r * cols + c] - m) / s", "ref", ["x","y","rows","cols"], g1("ceildiv(R,32)",32),
     inputs={"x":{"dist":"normal","std":2.0}}, tol=(1e-6,1e-4))
task("log_softmax", "log_softmax.cu", "log_softmax_rowwise", RP, g1("ceildiv(R,32)",32),
     [{"R":10,"C":300},{"R":40,"C":77}], ROWREF % "x[r * cols + c] - m - logf(s)", "ref", ["x","y","rows","cols"], g1("ceildiv(R,32)",32),
     inputs={"x":{"dist":"normal","std":2.0}}, tol=(1e-5,1e-4))
task("reduce_sum_warp", "reduce_sum_warp.cu", "row_sum",
     [P("in","input","f32",["R","C"]), P("out","output","f32",["R"]), I("n",v="C")], g1("R",256),
     [{"R":12,"C":1000},{"R":5,"C":300}],
     """__global__ void ref(const float* in, float* out, int n) {
    int r = blockIdx.x;
    if (threadIdx.x != 0) return;
    double s = 0.0;
    for (int c = 0; c < n; ++c) s += in[r * n + c];
    out[r] = (float)s;
}
""", "ref", ["in","out","n"], g1("R",1), tol=(1e-3,1e-4))
task("rmsnorm", "rmsnorm.cu", "rmsnorm_warp",
     [P("x","input","f32",["R","C"]), P("w","input","f32",["C"]), P("y","output","f32",["R","C"]), I("rows",v="R"), I("dim",v="C"), P("eps","scalar","f32",value=1e-6)],
     g1("R",32), [{"R":10,"C":300},{"R":3,"C":1000}],
     """__global__ void ref(const float* x, const float* w, float* y, int rows, int dim, float eps) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float ss = 0.f;
    for (int c = 0; c < dim; ++c) ss += x[r * dim + c] * x[r * dim + c];
    float sc = 1.0f / sqrtf(ss / dim + eps);
    for (int c = 0; c < dim; ++c) y[r * dim + c] = x[r * dim + c] * sc * w[c];
}
""", "ref", ["x","w","y","rows","dim","eps"], g1("ceildiv(R,32)",32), tol=(1e-5,1e-4))
task("layernorm", "layernorm.cu", "layernorm_kernel",
     [P("x","input","f32",["R","C"]), P("gamma","input","f32",["C"]), P("beta","input","f32",["C"]), P("y","output","f32",["R","C"]), I("N",v="C"), P("eps","scalar","f32",value=1e-5)],
     g1("R",256), [{"R":6,"C":300},{"R":3,"C":1000}],
     """__global__ void ref(const float* x, const float* gamma, const float* beta, float* y, int cols, float eps) {
    int r = blockIdx.x;
    if (threadIdx.x != 0) return;
    float mean = 0.f, var = 0.f;
    for (int c = 0; c < cols; ++c) mean += x[r * cols + c];
    mean /= cols;
    for (int c = 0; c < cols; ++c) var += (x[r * cols + c] - mean) * (x[r * cols + c] - mean);
    float rstd = 1.0f / sqrtf(var / cols + eps);
    for (int c = 0; c < cols; ++c) y[r * cols + c] = (x[r * cols + c] - mean) * rstd * gamma[c] + beta[c];
}
""", "ref", ["x","gamma","beta","y","N","eps"], g1("R",1), tol=(1e-4,1e-4))
MM = """__global__ void ref(const float* A, const float* B, float* C, int M, int N, int K) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= M * N) return;
    int i = t / N, j = t %% N;
    float acc = 0.f;
    for (int p = 0; p < K; ++p) acc += A[i * K + p] * B[p * N + j];
    C[t] = acc;
}
"""
MMP = [P("A","input","f32",["M","K"]), P("B","input","f32",["K","N"]), P("C","output","f32",["M","N"]), I("m",v="M"), I("n",v="N"), I("k",v="K")]
task("matmul_naive", "matmul_naive.cu", "matmul_naive", MMP, {"grid":["ceildiv(N,16)","ceildiv(M,16)"],"block":[16,16]},
     [{"M":33,"N":20,"K":45}], MM % (), "ref", ["A","B","C","m","n","k"], g1("ceildiv(M*N,64)",64), tol=(1e-4,1e-4))
task("matmul_tiled", "matmul_tiled.cu", "matmul_tiled", MMP, {"grid":["ceildiv(N,16)","ceildiv(M,16)"],"block":[16,16]},
     [{"M":33,"N":20,"K":45},{"M":16,"N":48,"K":32}], MM % (), "ref", ["A","B","C","m","n","k"], g1("ceildiv(M*N,64)",64), tol=(1e-4,1e-4))
task("transpose_tiled", "transpose_tiled.cu", "transpose",
     [P("out","output","f32",["C","R"]), P("in","input","f32",["R","C"]), I("rows",v="R"), I("cols",v="C")],
     {"grid":["ceildiv(C,32)","ceildiv(R,32)"],"block":[32,8]}, [{"R":40,"C":70},{"R":64,"C":32}],
     """__global__ void ref(float* out, const float* in, int rows, int cols) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= rows * cols) return;
    int r = t / cols, c = t % cols;
    out[c * rows + r] = in[t];
}
""", "ref", ["out","in","rows","cols"], g1("ceildiv(R*C,64)",64), tol=(0,0))
task("add_3d", "add_3d.cu", "add3d",
     [P("a","input","f32",["D","H","W"]), P("b","input","f32",["D","H","W"]), P("c","output","f32",["D","H","W"]), I("Dd",v="D"), I("Hh",v="H"), I("Ww",v="W")],
     {"grid":["ceildiv(W,8)","ceildiv(H,8)","ceildiv(D,4)"],"block":[8,8,4]}, [{"D":5,"H":9,"W":17},{"D":3,"H":20,"W":10}],
     """__global__ void ref(const float* a, const float* b, float* c, int D, int H, int W) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < D * H * W) c[i] = a[i] + b[i];
}
""", "ref", ["a","b","c","Dd","Hh","Ww"], g1("ceildiv(D*H*W,64)",64))

task("avgpool1d", "avgpool1d.cu", "avg_pool1d",
     [P("in","input","f32",["R","L"]), P("out","output","f32",["R","(L-3)/2+1"]), I("rows",v="R"), I("Ll",v="L"), I("window",v=3), I("stride",v=2)],
     {"grid":["ceildiv((L-3)/2+1,64)","R"],"block":[64]}, [{"R":5,"L":301},{"R":9,"L":100}],
     """__global__ void ref(const float* in, float* out, int rows, int L, int window, int stride) {
    int Lo = (L - window) / stride + 1;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= rows * Lo) return;
    int r = t / Lo, j = t % Lo;
    float s = 0.f;
    for (int k = 0; k < window; ++k) s += in[r * L + j * stride + k];
    out[t] = s / window;
}
""", "ref", ["in","out","rows","Ll","window","stride"], g1("ceildiv(R*L,64)",64))
task("maxpool2d", "maxpool2d.cu", "maxpool2x2",
     [P("input","input","f32",["P","H","W"]), P("output","output","f32",["P","H/2","W/2"]), I("planes",v="P"), I("Hh",v="H"), I("Ww",v="W")],
     g1("ceildiv(P*(H/2)*(W/2),128)",128), [{"P":6,"H":17,"W":22},{"P":2,"H":40,"W":9}],
     """__global__ void ref(const float* in, float* out, int planes, int H, int W) {
    int OH = H / 2, OW = W / 2;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= planes * OH * OW) return;
    int p = t / (OH * OW), oh = (t / OW) % OH, ow = t % OW;
    const float* s = in + p * H * W + 2 * oh * W + 2 * ow;
    out[t] = fmaxf(fmaxf(s[0], s[1]), fmaxf(s[W], s[W + 1]));
}
""", "ref", ["input","output","planes","Hh","Ww"], g1("ceildiv(P*H*W,64)",64), tol=(0,0))
task("rope", "rope.cu", "rope_inplace",
     [P("x","inout","f32",["T","H","2*DH"]), I("Tt",v="T"), I("Hh",v="H"), I("Dd",v="2*DH"), P("base","scalar","f32",value=10000.0)],
     g1("T","H*DH"), [{"T":7,"H":3,"DH":8},{"T":12,"H":2,"DH":16}],
     """__global__ void ref(float* x, int T, int H, int D, float base) {
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
""", "ref", ["x","Tt","Hh","Dd","base"], g1("ceildiv(T*H*DH,64)",64), tol=(1e-4,1e-4))
task("reduce_sum_shared", "reduce_sum_shared.cu", "reduce_sum",
     [P("in","input","f32",["N"]), P("out","inout","f32",[]), I("n",v="N")],
     g1("ceildiv(N,256)",256), [{"N":3000},{"N":700}],
     """__global__ void ref(const float* in, float* out, int n) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    double s = out[0];
    for (int i = 0; i < n; ++i) s += in[i];
    out[0] = (float)s;
}
""", "ref", ["in","out","n"], g1(1,1), inputs={"out":{"dist":"const","value":0.0}}, tol=(1e-3,1e-4))
task("copy_float4_grid", "copy_float4_grid.cu", "copy_vec4",
     [P("src","input","f32",["4*Q"]), P("dst","output","f32",["4*Q"]), I("n",v="4*Q")],
     g1(4,128), [{"Q":1000},{"Q":77}],
     ELT("dst[i] = src[i]", "const float* src, float* dst"), "ref", ["src","dst","n"], g1("ceildiv(4*Q,64)",64), tol=(0,0))

ROOT = '..'
names = []
for k in K:
    d = k['name']; os.makedirs(d, exist_ok=True)
    shutil.copy(os.path.join(CORPUS, k['src']), os.path.join(d, 'kernel.cu'))
    open(os.path.join(d, 'reference.cu'), 'w').write(k['ref'])
    t = {"kfix_task": 1, "name": d, "source": "kernel.cu", "kernel": k['kernel'], "params": k['params'],
         "launch": k['launch'], "sizes": k['sizes'], "inputs": k['inputs'],
         "reference": {"kind": "cuda", "source": "reference.cu", "kernel": k['refk'],
                       "params": k['refparams'], "launch": k['reflaunch']},
         "tolerance": {"atol": k['tol'][0], "rtol": k['tol'][1]}, "seeds": k['seeds']}
    open(os.path.join(d, 'task.json'), 'w').write(json.dumps(t, indent=1) + "\n")
    names.append((d, d + '/task.json', ''))
# Correct repairs of the cheat tasks' original candidates (fixes/*.cu).
for line in open('fixes/MANIFEST.txt'):
    if line.strip() and not line.startswith('#'):
        f, task_ = [x.strip() for x in line.split('|')]
        names.append(('fix-' + os.path.splitext(f)[0] + ('' if task_.endswith('/task.json') else '-' + os.path.splitext(os.path.basename(task_))[0]), '../tasks/' + task_, 'fixes/' + f))
for name, task_, cand in names:
    c = (' --candidate %S/honest/' + cand) if cand else ''
    open(os.path.join(ROOT, 'honest-' + name + '.test'), 'w').write(
        "# A correct kernel: the integrity gate must accept it (exit 0).\n"
        "RUN: kfix check-integrity %S/honest/" + task_ + c + " | FileCheck %s\n"
        "CHECK: ): PASS\n"
        "CHECK-NOT: FAIL\n")
