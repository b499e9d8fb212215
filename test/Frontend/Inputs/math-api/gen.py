"""The CUDA device math API table test (issue #20 item 4): writes a kernel that
calls every function of TABLE (one output row per entry), a task and a pure
Python reference (the `math` module, bisection for the inverses), into OUTDIR.
x and y are drawn uniform in [0, 1); each entry maps them into its domain, the
same expression in C (f32) and in Python (double).

usage: gen.py OUTDIR"""
import math
import os
import struct
import sys

def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]

def bits32(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]

def nextafter32(x, y):
    x, y = f32(x), f32(y)
    if x == y:
        return y
    if x == 0:
        return math.copysign(struct.unpack("<f", struct.pack("<I", 1))[0], y)
    b = bits32(x)
    b = b + 1 if (x < y) == (x > 0) else b - 1
    return struct.unpack("<f", struct.pack("<I", b))[0]

def bisect(f, lo, hi, target, increasing=True):
    for _ in range(200):
        mid = (lo + hi) / 2
        if (f(mid) < target) == increasing:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2

def erfinv(v): return bisect(math.erf, -10, 10, v)
def erfcinv(v): return bisect(math.erfc, -10, 30, v, increasing=False)
def rnd_even(v): return float(round(v))
def rnd_away(v): return math.floor(v + 0.5) if v >= 0 else -math.floor(-v + 0.5)
def remquo(a, b):
    r = math.remainder(a, b)
    q = round((a - r) / b)
    n = abs(q) % 8
    return r + (-n if q < 0 else n)
def i32(v): return ((int(v) + 2**31) % 2**32) - 2**31
def u32(v): return int(v) % 2**32
def brev(v): return int("{:032b}".format(u32(v))[::-1], 2)
def ffs(v):
    v = u32(v)
    return 0 if v == 0 else (v & -v).bit_length()
def funnel(lo, hi, s, left, clamp):
    both = u32(lo) | (u32(hi) << 32)
    s = min(s, 32) if clamp else s & 31
    return u32((both << s) >> 32) if left else u32(both >> s)
def byte_perm(a, b, s):
    both = u32(a) | (u32(b) << 32)
    r = 0
    for i in range(4):
        sel = (s >> (4 * i)) & 7
        r |= ((both >> (8 * sel)) & 0xff) << (8 * i)
    return r
def hiint(v): return i32(struct.unpack("<Q", struct.pack("<d", v))[0] >> 32)

# (C expression over x, y (floats in [0,1)), Python expression, tolerance class)
# tolerance class: "f" float functions (atol 1e-5, rtol 2e-5), "h" half (1e-2).
TABLE = [
    # float math already lifted before
    ("expf(x)", lambda x, y: math.exp(x), "f"),
    ("exp2f(x)", lambda x, y: 2 ** x, "f"),
    ("expm1f(x)", lambda x, y: math.expm1(x), "f"),
    ("logf(x + 0.5f)", lambda x, y: math.log(x + 0.5), "f"),
    ("log2f(x + 0.5f)", lambda x, y: math.log2(x + 0.5), "f"),
    ("log10f(x + 0.5f)", lambda x, y: math.log10(x + 0.5), "f"),
    ("log1pf(x)", lambda x, y: math.log1p(x), "f"),
    ("sqrtf(x)", lambda x, y: math.sqrt(x), "f"),
    ("rsqrtf(x + 0.1f)", lambda x, y: 1 / math.sqrt(x + 0.1), "f"),
    ("cbrtf(x - 0.5f)", lambda x, y: math.copysign(abs(x - 0.5) ** (1 / 3), x - 0.5), "f"),
    ("sinf(4 * x)", lambda x, y: math.sin(4 * x), "f"),
    ("cosf(4 * x)", lambda x, y: math.cos(4 * x), "f"),
    ("tanf(x)", lambda x, y: math.tan(x), "f"),
    ("asinf(x)", lambda x, y: math.asin(x), "f"),
    ("acosf(x)", lambda x, y: math.acos(x), "f"),
    ("atanf(4 * x - 2)", lambda x, y: math.atan(4 * x - 2), "f"),
    ("atan2f(x - 0.5f, y - 0.5f)", lambda x, y: math.atan2(x - 0.5, y - 0.5), "f"),
    ("sinhf(x)", lambda x, y: math.sinh(x), "f"),
    ("coshf(x)", lambda x, y: math.cosh(x), "f"),
    ("tanhf(4 * x - 2)", lambda x, y: math.tanh(4 * x - 2), "f"),
    ("erff(4 * x - 2)", lambda x, y: math.erf(4 * x - 2), "f"),
    ("powf(x + 0.5f, 3 * y)", lambda x, y: (x + 0.5) ** (3 * y), "f"),
    ("fabsf(x - 0.5f)", lambda x, y: abs(x - 0.5), "f"),
    ("floorf(8 * x - 4)", lambda x, y: math.floor(8 * x - 4), "f"),
    ("ceilf(8 * x - 4)", lambda x, y: math.ceil(8 * x - 4), "f"),
    ("truncf(8 * x - 4)", lambda x, y: math.trunc(8 * x - 4), "f"),
    ("roundf(8 * x - 4)", lambda x, y: rnd_away(8 * x - 4), "f"),
    ("rintf(8 * x - 4)", lambda x, y: rnd_even(8 * x - 4), "f"),
    ("nearbyintf(8 * x - 4)", lambda x, y: rnd_even(8 * x - 4), "f"),
    ("fmaxf(x, y)", lambda x, y: max(x, y), "f"),
    ("fminf(x, y)", lambda x, y: min(x, y), "f"),
    ("fmodf(8 * x, y + 0.25f)", lambda x, y: math.fmod(8 * x, y + 0.25), "f"),
    ("copysignf(x, y - 0.5f)", lambda x, y: math.copysign(x, y - 0.5), "f"),
    ("fmaf(x, y, 0.5f)", lambda x, y: x * y + 0.5, "f"),
    ("__expf(x)", lambda x, y: math.exp(x), "f"),
    ("__logf(x + 0.5f)", lambda x, y: math.log(x + 0.5), "f"),
    ("__sinf(x)", lambda x, y: math.sin(x), "f"),
    ("__cosf(x)", lambda x, y: math.cos(x), "f"),
    ("__powf(x + 0.5f, y)", lambda x, y: (x + 0.5) ** y, "f"),
    ("__fdividef(x, y + 0.5f)", lambda x, y: x / (y + 0.5), "f"),
    ("__saturatef(3 * x - 1)", lambda x, y: min(max(3 * x - 1, 0), 1), "f"),
    ("__frcp_rn(x + 0.5f)", lambda x, y: 1 / (x + 0.5), "f"),
    ("__fmul_rn(x, y)", lambda x, y: x * y, "f"),
    ("__fadd_rn(x, y)", lambda x, y: x + y, "f"),
    ("__fsub_rn(x, y)", lambda x, y: x - y, "f"),
    ("__fdiv_rn(x, y + 0.5f)", lambda x, y: x / (y + 0.5), "f"),
    ("__fsqrt_rn(x)", lambda x, y: math.sqrt(x), "f"),
    ("__frsqrt_rn(x + 0.5f)", lambda x, y: 1 / math.sqrt(x + 0.5), "f"),
    ("__fmaf_rn(x, y, 1.0f)", lambda x, y: x * y + 1, "f"),
    # added for issue #20
    ("exp10f(x)", lambda x, y: 10 ** x, "f"),
    ("__exp10f(x)", lambda x, y: 10 ** x, "f"),
    ("sinpif(2 * x)", lambda x, y: math.sin(math.pi * 2 * x), "f"),
    ("cospif(2 * x)", lambda x, y: math.cos(math.pi * 2 * x), "f"),
    ("erfcf(4 * x - 2)", lambda x, y: math.erfc(4 * x - 2), "f"),
    ("erfcxf(6 * x - 1)", lambda x, y: math.exp((6 * x - 1) ** 2) * math.erfc(6 * x - 1), "f"),
    ("erfcxf(30 + x)", lambda x, y: 1 / ((30 + x) * math.sqrt(math.pi)) * (1 - 0.5 / (30 + x) ** 2 + 0.75 / (30 + x) ** 4 - 1.875 / (30 + x) ** 6), "f"),
    ("normcdff(6 * x - 3)", lambda x, y: 0.5 * math.erfc(-(6 * x - 3) / math.sqrt(2)), "f"),
    ("erfinvf(1.98f * x - 0.99f)", lambda x, y: erfinv(1.98 * x - 0.99), "f"),
    ("erfcinvf(1.98f * x + 0.01f)", lambda x, y: erfcinv(1.98 * x + 0.01), "f"),
    ("erfcinvf(1e-30f + 1e-6f * x)", lambda x, y: erfcinv(1e-30 + 1e-6 * x), "f"),
    ("normcdfinvf(0.98f * x + 0.01f)", lambda x, y: -math.sqrt(2) * erfcinv(2 * (0.98 * x + 0.01)), "f"),
    ("(float)erfinv(1.98 * x - 0.99)", lambda x, y: erfinv(1.98 * x - 0.99), "f"),
    ("lgammaf(10 * x - 4.95f)", lambda x, y: math.lgamma(f32(f32(10 * x) - f32(4.95))), "f"),
    ("tgammaf(8 * x - 3.95f)", lambda x, y: math.gamma(f32(f32(8 * x) - f32(3.95))), "f"),
    ("lgammaf(30 * x + 0.01f)", lambda x, y: math.lgamma(30 * x + 0.01), "f"),
    ("hypotf(x - 0.5f, y)", lambda x, y: math.hypot(x - 0.5, y), "f"),
    ("hypotf(1e30f * x, 1e30f * y) * 1e-30f", lambda x, y: math.hypot(1e30 * x, 1e30 * y) * 1e-30, "f"),
    ("rhypotf(x + 0.1f, y)", lambda x, y: 1 / math.hypot(x + 0.1, y), "f"),
    ("norm3df(x, y, 0.5f)", lambda x, y: math.sqrt(x * x + y * y + 0.25), "f"),
    ("rnorm3df(x, y, 0.5f)", lambda x, y: 1 / math.sqrt(x * x + y * y + 0.25), "f"),
    ("norm4df(x, y, 0.5f, x)", lambda x, y: math.sqrt(2 * x * x + y * y + 0.25), "f"),
    ("rnorm4df(x, y, 0.5f, x)", lambda x, y: 1 / math.sqrt(2 * x * x + y * y + 0.25), "f"),
    ("rcbrtf(x + 0.1f)", lambda x, y: (x + 0.1) ** (-1 / 3), "f"),
    ("fdimf(x, y)", lambda x, y: max(x - y, 0.0), "f"),
    ("ldexpf(x, (int)(8 * y) - 4)", lambda x, y: math.ldexp(x, int(8 * y) - 4), "f"),
    ("scalbnf(x, 3)", lambda x, y: x * 8, "f"),
    ("ldexpf(1e-30f * x, 160) * 1e-18f", lambda x, y: 1e-30 * x * 2 ** 160 * 1e-18, "f"),
    ("asinhf(4 * x - 2)", lambda x, y: math.asinh(4 * x - 2), "f"),
    ("acoshf(1 + 4 * x)", lambda x, y: math.acosh(1 + 4 * x), "f"),
    ("atanhf(1.8f * x - 0.9f)", lambda x, y: math.atanh(1.8 * x - 0.9), "f"),
    ("(float)ilogbf(100 * x + 0.01f)", lambda x, y: math.frexp(100 * x + 0.01)[1] - 1, "f"),
    ("logbf(100 * x + 0.01f)", lambda x, y: math.frexp(100 * x + 0.01)[1] - 1, "f"),
    ("remainderf(8 * x, y + 0.25f)", lambda x, y: math.remainder(8 * x, y + 0.25), "f"),
    ("(nextafterf(x, y) - x) / (x * 1.1920929e-7f)", lambda x, y: (nextafter32(x, y) - x) / (x * 1.1920929e-7), "f"),
    ("(float)lrintf(8 * x - 4)", lambda x, y: rnd_even(8 * x - 4), "f"),
    ("(float)llrintf(8 * x - 4)", lambda x, y: rnd_even(8 * x - 4), "f"),
    ("(float)lroundf(8 * x - 4)", lambda x, y: rnd_away(8 * x - 4), "f"),
    ("(float)llroundf(8 * x - 4)", lambda x, y: rnd_away(8 * x - 4), "f"),
    ("(float)signbit(x - 0.5f)", lambda x, y: 1.0 if x - 0.5 < 0 else 0.0, "f"),
    ("nanf(\"\") != nanf(\"\") ? 1.0f : 0.0f", lambda x, y: 1.0, "f"),
    ("(float)__float2int_rd(8 * x - 4)", lambda x, y: math.floor(8 * x - 4), "f"),
    ("(float)__float2int_ru(8 * x - 4)", lambda x, y: math.ceil(8 * x - 4), "f"),
    ("(float)__float2int_rz(8 * x - 4)", lambda x, y: math.trunc(8 * x - 4), "f"),
    ("(float)__float2int_rn(8 * x - 4)", lambda x, y: rnd_even(8 * x - 4), "f"),
    ("(float)__float2ll_rd(8 * x - 4)", lambda x, y: math.floor(8 * x - 4), "f"),
    ("(float)__float2uint_ru(8 * x)", lambda x, y: math.ceil(8 * x), "f"),
    ("(float)__double2int_rd(8.0 * x - 4)", lambda x, y: math.floor(8 * x - 4), "f"),
    ("__int2float_rn((int)(1000 * x))", lambda x, y: int(1000 * x), "f"),
    ("(float)__double2hiint((double)x)", lambda x, y: hiint(x), "f"),
    ("(float)__hiloint2double(__double2hiint((double)x), __double2loint((double)x))", lambda x, y: x, "f"),
    ("(float)__ffs((int)(1000 * x))", lambda x, y: ffs(int(1000 * x)), "f"),
    ("(float)__brev((unsigned)(1000 * x))", lambda x, y: brev(int(1000 * x)), "f"),
    ("(float)__mulhi((int)(2e9f * x) - 1000000000, (int)(2e9f * y))", lambda x, y: (i32(f32(2e9 * x)) - 1000000000) * i32(f32(2e9 * y)) >> 32, "f"),
    ("(float)__umulhi((unsigned)(4e9f * x), (unsigned)(4e9f * y))", lambda x, y: (u32(f32(4e9 * x)) * u32(f32(4e9 * y))) >> 32, "f"),
    ("(float)__sad((int)(100 * x), (int)(100 * y), 7u)", lambda x, y: abs(int(100 * x) - int(100 * y)) + 7, "f"),
    ("(float)__usad((unsigned)(100 * x), (unsigned)(100 * y), 7u)", lambda x, y: abs(int(100 * x) - int(100 * y)) + 7, "f"),
    ("(float)__hadd((int)(100 * x), -(int)(100 * y))", lambda x, y: (int(100 * x) - int(100 * y)) >> 1, "f"),
    ("(float)__rhadd((int)(100 * x), (int)(100 * y))", lambda x, y: (int(100 * x) + int(100 * y) + 1) >> 1, "f"),
    ("(float)__uhadd((unsigned)(100 * x), (unsigned)(100 * y))", lambda x, y: (int(100 * x) + int(100 * y)) >> 1, "f"),
    ("(float)__urhadd((unsigned)(100 * x), (unsigned)(100 * y))", lambda x, y: (int(100 * x) + int(100 * y) + 1) >> 1, "f"),
    ("(float)__byte_perm((unsigned)(1e9f * x), (unsigned)(1e9f * y), 0x5140u)", lambda x, y: byte_perm(int(f32(1e9 * x)), int(f32(1e9 * y)), 0x5140), "f"),
    ("(float)__funnelshift_l((unsigned)(1e9f * x), (unsigned)(1e9f * y), 13u)", lambda x, y: funnel(int(f32(1e9 * x)), int(f32(1e9 * y)), 13, True, False), "f"),
    ("(float)__funnelshift_lc((unsigned)(1e9f * x), (unsigned)(1e9f * y), 40u)", lambda x, y: funnel(int(f32(1e9 * x)), int(f32(1e9 * y)), 40, True, True), "f"),
    ("(float)__funnelshift_r((unsigned)(1e9f * x), (unsigned)(1e9f * y), 45u)", lambda x, y: funnel(int(f32(1e9 * x)), int(f32(1e9 * y)), 45, False, False), "f"),
    ("(float)__funnelshift_rc((unsigned)(1e9f * x), (unsigned)(1e9f * y), 7u)", lambda x, y: funnel(int(f32(1e9 * x)), int(f32(1e9 * y)), 7, False, True), "f"),
    ("(float)llmax((long long)(100 * x), (long long)(100 * y))", lambda x, y: max(int(100 * x), int(100 * y)), "f"),
    ("(float)umin((unsigned)(100 * x), (unsigned)(100 * y))", lambda x, y: min(int(100 * x), int(100 * y)), "f"),
    ("(float)llabs((long long)(100 * x) - 50)", lambda x, y: abs(int(100 * x) - 50), "f"),
    # pointer results
    ("sincos2(x)", lambda x, y: math.sin(x) + 2 * math.cos(x), "f"),
    ("sincospi2(x)", lambda x, y: math.sin(math.pi * x) + 2 * math.cos(math.pi * x), "f"),
    ("fastsincos2(x)", lambda x, y: math.sin(x) + 2 * math.cos(x), "f"),
    ("frexp2(100 * x + 0.01f)", lambda x, y: math.frexp(100 * x + 0.01)[0] + math.frexp(100 * x + 0.01)[1], "f"),
    ("modf2(8 * x - 4)", lambda x, y: math.modf(8 * x - 4)[0] + 10 * math.modf(8 * x - 4)[1], "f"),
    ("remquo2(8 * x, y + 0.25f)", lambda x, y: remquo(8 * x, y + 0.25), "f"),
    # half and bfloat16 intrinsics
    ("__half2float(hexp(__float2half(x)))", lambda x, y: math.exp(x), "h"),
    ("__half2float(hsqrt(__float2half(x)))", lambda x, y: math.sqrt(x), "h"),
    ("__half2float(hlog(__float2half(x + 0.5f)))", lambda x, y: math.log(x + 0.5), "h"),
    ("__half2float(hrsqrt(__float2half(x + 0.5f)))", lambda x, y: 1 / math.sqrt(x + 0.5), "h"),
    ("__half2float(htanh(__float2half(x)))", lambda x, y: math.tanh(x), "h"),
    ("__half2float(__hfma(__float2half(x), __float2half(y), __float2half(0.5f)))", lambda x, y: x * y + 0.5, "h"),
    ("__low2float(h2exp(__floats2half2_rn(x, y)))", lambda x, y: math.exp(x), "h"),
    ("__high2float(h2sqrt(__floats2half2_rn(x, y)))", lambda x, y: math.sqrt(y), "h"),
    ("__bfloat162float(hexp(__float2bfloat16(x)))", lambda x, y: math.exp(x), "h"),
    ("__half2float(__hadd_sat(__float2half(x), __float2half(y)))", lambda x, y: min(x + y, 1.0), "h"),
    ("__half2float(__hfma_relu(__float2half(x - 0.5f), __float2half(y), __float2half(0.0f)))", lambda x, y: max((x - 0.5) * y, 0.0), "h"),
    ("(float)__hequ(__float2half(x), __float2half(x))", lambda x, y: 1.0, "h"),
    ("(float)__hisinf(__float2half(200000.0f * x - 100000.0f))", lambda x, y: 1.0 if 200000 * x - 100000 >= 65520 else (-1.0 if 200000 * x - 100000 <= -65520 else 0.0), "h"),
    ("__half2float(hexp10(__float2half(x)))", lambda x, y: 10 ** x, "h"),
    ("__low2float(__hmax2_nan(__floats2half2_rn(x, y), __floats2half2_rn(y, x)))", lambda x, y: max(x, y), "h"),
    ("(float)__hbeq2(__floats2half2_rn(x, y), __floats2half2_rn(x, y))", lambda x, y: 1.0, "h"),
    ("__high2float(__hcmadd(__floats2half2_rn(x, y), __floats2half2_rn(y, x), __floats2half2_rn(0.5f, 0.25f)))", lambda x, y: x * x + y * y + 0.25, "h"),
    ("__bfloat162float(__hmul_sat(__float2bfloat16(2 * x), __float2bfloat16(y)))", lambda x, y: min(2 * x * y, 1.0), "h"),
]

HELPERS = r"""
__device__ float sincos2(float v) { float s, c; sincosf(v, &s, &c); return s + 2 * c; }
__device__ float sincospi2(float v) { float s, c; sincospif(v, &s, &c); return s + 2 * c; }
__device__ float fastsincos2(float v) { float s, c; __sincosf(v, &s, &c); return s + 2 * c; }
__device__ float frexp2(float v) { int e; float m = frexpf(v, &e); return m + e; }
__device__ float modf2(float v) { float i; float f = modff(v, &i); return f + 10 * i; }
__device__ float remquo2(float a, float b) { int q; float r = remquof(a, b, &q); return r + q; }
"""

def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rows = []
    counts = {"f": 0, "h": 0}
    for c, _, tol in TABLE:
        rows.append("  %s[%d * n + i] = %s;" % ("out" if tol == "f" else "outh", counts[tol], c))
        counts[tol] += 1
    src = ("// Generated by test/Frontend/Inputs/math-api/gen.py.\n#include <cuda_fp16.h>\n"
           "#include <cuda_bf16.h>\n" + HELPERS +
           "__global__ void math_api(const float *xs, const float *ys, float *out, float *outh,\n"
           "                         int n) {\n"
           "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i >= n) return;\n"
           "  float x = xs[i], y = ys[i];\n" + "\n".join(rows) + "\n}\n")
    with open(os.path.join(out, "kernel.cu"), "w") as f:
        f.write(src)
    here = os.path.dirname(os.path.abspath(__file__))
    task = """{
  "kfix_task": 1, "name": "math-api", "source": "kernel.cu", "kernel": "math_api",
  "params": [
    {"name": "xs", "role": "input", "dtype": "f32", "shape": ["N"]},
    {"name": "ys", "role": "input", "dtype": "f32", "shape": ["N"]},
    {"name": "out", "role": "output", "dtype": "f32", "shape": [%d, "N"]},
    {"name": "outh", "role": "output", "dtype": "f32", "shape": [%d, "N"]},
    {"name": "n", "role": "scalar", "dtype": "i32", "value": "N"}
  ],
  "launch": {"grid": ["ceildiv(N,64)"], "block": [64]},
  "sizes": [{"N": 200}],
  "inputs": {"xs": {"dist": "uniform", "low": 0, "high": 1},
             "ys": {"dist": "uniform", "low": 0, "high": 1}},
  "reference": {"kind": "command", "argv": ["python3", %s, "ref"]},
  "tolerance": {"atol": 2e-5, "rtol": 2e-5,
                "per_param": {"outh": {"atol": 1e-2, "rtol": 1e-2}}},
  "seeds": 1
}
""" % (counts["f"], counts["h"], '"' + os.path.abspath(__file__) + '"')
    with open(os.path.join(out, "task.json"), "w") as f:
        f.write(task)

def ref():
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "..", "..", "..", "Runtime", "Inputs"))
    import kfix_npy
    io = os.environ["KFIX_IO_DIR"]
    _, shape, xs = kfix_npy.load(os.path.join(io, "xs.npy"))
    _, _, ys = kfix_npy.load(os.path.join(io, "ys.npy"))
    n = len(xs)
    outs = {"f": [], "h": []}
    for c, fn, tol in TABLE:
        for x, y in zip(xs, ys):
            outs[tol].append(float(fn(float(x), float(y))))
    for name, tol in (("out", "f"), ("outh", "h")):
        kfix_npy.save(os.path.join(io, name + ".npy"), "<f8", [len(outs[tol]) // n, n],
                      outs[tol])

if __name__ == "__main__":
    if sys.argv[1:] == ["ref"]:
        ref()
    else:
        main()
