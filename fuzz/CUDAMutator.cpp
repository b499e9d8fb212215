//===- CUDAMutator.cpp - a CUDA-token-aware libFuzzer mutator -------------===//
//
// LLVMFuzzerCustomMutator for the CUDA lifter target. Half of the mutations
// are libFuzzer's own (byte level, with its dictionary and comparison
// feedback); the other half split the source into C++ tokens and
//   - replace a token by one of CUDA's (keywords, builtins, intrinsics, types),
//   - insert a CUDA token or statement at a token boundary,
//   - delete a token, or a balanced (...) / [...] / {...} group,
//   - replace a number by an interesting one (0, -1, 2^31-1, 1e30f, ...),
//   - rename an identifier to another identifier of the same file,
//   - duplicate a token range (a statement copied elsewhere).
// The result stays mostly lexable C++, so Clang gets past the parser and the
// lifter sees new combinations of the constructs it handles.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

namespace {

const char *const kTokens[] = {
    "__global__",
    "__device__",
    "__host__",
    "__shared__",
    "__constant__",
    "__restrict__",
    "__forceinline__",
    "__launch_bounds__(256)",
    "extern",
    "static",
    "const",
    "volatile",
    "inline",
    "template",
    "typename",
    "struct",
    "union",
    "auto",
    "constexpr",
    "sizeof",
    "float",
    "double",
    "int",
    "unsigned",
    "long",
    "short",
    "char",
    "bool",
    "size_t",
    "int64_t",
    "uint32_t",
    "half",
    "__half",
    "__half2",
    "__nv_bfloat16",
    "float2",
    "float4",
    "int4",
    "void",
    "if",
    "else",
    "for",
    "while",
    "do",
    "return",
    "break",
    "continue",
    "switch",
    "case",
    "default:",
    "goto",
    "threadIdx.x",
    "threadIdx.y",
    "threadIdx.z",
    "blockIdx.x",
    "blockIdx.y",
    "blockIdx.z",
    "blockDim.x",
    "blockDim.y",
    "gridDim.x",
    "gridDim.y",
    "warpSize",
    "__syncthreads()",
    "__syncwarp()",
    "__threadfence()",
    "atomicAdd",
    "atomicMax",
    "atomicMin",
    "atomicCAS",
    "atomicExch",
    "__shfl_down_sync",
    "__shfl_xor_sync",
    "__shfl_sync",
    "__ballot_sync",
    "0xffffffff",
    "expf",
    "logf",
    "sqrtf",
    "rsqrtf",
    "tanhf",
    "fmaxf",
    "fminf",
    "fabsf",
    "powf",
    "erff",
    "__expf",
    "__fdividef",
    "__float2half",
    "__half2float",
    "__hadd",
    "__hmul",
    "__ldg",
    "max",
    "min",
    "INFINITY",
    "FLT_MAX",
    "-FLT_MAX",
    "NAN",
    "nullptr",
    "reinterpret_cast<float4*>",
    "static_cast<int>",
    "(float)",
    "(int)",
    "#pragma unroll",
    "#define",
    "#if",
    "#endif",
    "#include",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "&",
    "|",
    "^",
    "~",
    "!",
    "&&",
    "||",
    "<",
    ">",
    "<=",
    ">=",
    "==",
    "!=",
    "=",
    "+=",
    "-=",
    "*=",
    "/=",
    "++",
    "--",
    "?",
    ":",
    "::",
    "->",
    ".",
    ",",
    ";",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<<<1, 256>>>",
    "0",
    "1",
    "-1",
    "2",
    "32",
    "256",
    "1024",
    "0.5f",
    "1e-5f",
    "1.0",
    "'a'",
    "\"s\"",
    "i",
    "n",
    "tid",
    "idx",
    "sum",
    "x",
    "y",
    "out",
    "in",
    "s_data",
    "T",
};

const char *const kStatements[] = {
    "__syncthreads();",
    "int i = blockIdx.x * blockDim.x + threadIdx.x;",
    "if (i >= n) return;",
    "__shared__ float s[256];",
    "extern __shared__ float dyn[];",
    "for (int k = 0; k < n; k += blockDim.x) {}",
    "for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);",
    "atomicAdd(&out[0], 1.0f);",
    "float v = 0.0f;",
    "#pragma unroll\n",
    "template <typename T> __device__ T sq(T a) { return a * a; }",
    "struct P { float a; int b; };",
    "__global__ void k2(float *p, int n) { p[threadIdx.x] = n; }",
    "goto end; end:;",
    "switch (n) { case 0: break; default: n = 1; }",
    "do { n--; } while (n > 0);",
    "while (true) {}",
    "float4 q = reinterpret_cast<const float4 *>(in)[i];",
    "__half h = __float2half(1.0f);",
    "asm volatile(\"\");",
};

const char *const kNumbers[] = {"0",           "1",
                                "-1",          "2",
                                "31",          "32",
                                "33",          "255",
                                "256",         "1024",
                                "2147483647",  "-2147483648",
                                "4294967295u", "9223372036854775807ll",
                                "0x7fffffff",  "1e30f",
                                "1e-45f",      "0.0f",
                                "-0.0f",       "3.4e38f",
                                "1e308",       "65504.0f",
                                "0x1p-149f"};

struct Tok {
  size_t begin, end;
  enum Kind { Space, Ident, Number, Punct, Other } kind;
};

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::vector<Tok> tokenize(const std::string &s) {
  std::vector<Tok> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t b = i;
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
        ++i;
      out.push_back({b, i, Tok::Space});
    } else if (isIdentStart(c)) {
      while (i < s.size() && isIdentChar(s[i]))
        ++i;
      out.push_back({b, i, Tok::Ident});
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (i < s.size() && (isIdentChar(s[i]) || s[i] == '.'))
        ++i;
      out.push_back({b, i, Tok::Number});
    } else if (c == '"' || c == '\'') {
      ++i;
      while (i < s.size() && s[i] != c && s[i] != '\n')
        i += (s[i] == '\\') ? 2 : 1;
      i = std::min(i + 1, s.size());
      out.push_back({b, i, Tok::Other});
    } else {
      ++i;
      out.push_back({b, i, Tok::Punct});
    }
  }
  return out;
}

template <size_t N> const char *pick(const char *const (&arr)[N], std::mt19937 &rng) {
  return arr[rng() % N];
}

/// One token-level mutation of `s`; false when it could not apply.
bool mutateTokens(std::string &s, std::mt19937 &rng) {
  std::vector<Tok> toks = tokenize(s);
  if (toks.empty()) {
    s = pick(kStatements, rng);
    return true;
  }
  auto at = [&](size_t k) { return toks[k % toks.size()]; };
  size_t k = rng() % toks.size();
  Tok t = at(k);
  switch (rng() % 7) {
  case 0: // replace a token
    s.replace(t.begin, t.end - t.begin, pick(kTokens, rng));
    return true;
  case 1: { // insert a token, spaced
    std::string ins = std::string(" ") + pick(kTokens, rng) + " ";
    s.insert(t.begin, ins);
    return true;
  }
  case 2: { // insert a statement after a ';' or '{'
    for (size_t n = 0; n < toks.size(); ++n) {
      Tok u = at(k + n);
      char c = s[u.begin];
      if (u.kind == Tok::Punct && (c == ';' || c == '{')) {
        s.insert(u.end, std::string("\n") + pick(kStatements, rng) + "\n");
        return true;
      }
    }
    s.insert(t.begin, pick(kStatements, rng));
    return true;
  }
  case 3: { // delete a token or a balanced group
    char c = s[t.begin];
    char close = c == '(' ? ')' : c == '[' ? ']' : c == '{' ? '}' : 0;
    if (!close || rng() % 2) {
      s.erase(t.begin, t.end - t.begin);
      return true;
    }
    int depth = 0;
    for (size_t n = k; n < toks.size(); ++n) {
      char d = s[toks[n].begin];
      if (toks[n].kind != Tok::Punct)
        continue;
      if (d == c)
        ++depth;
      else if (d == close && --depth == 0) {
        s.erase(t.begin, toks[n].end - t.begin);
        return true;
      }
    }
    return false;
  }
  case 4: { // replace a number
    for (size_t n = 0; n < toks.size(); ++n) {
      Tok u = at(k + n);
      if (u.kind == Tok::Number) {
        s.replace(u.begin, u.end - u.begin, pick(kNumbers, rng));
        return true;
      }
    }
    return false;
  }
  case 5: { // rename an identifier to another of the file
    std::vector<Tok> ids;
    for (const Tok &u : toks)
      if (u.kind == Tok::Ident)
        ids.push_back(u);
    if (ids.size() < 2)
      return false;
    Tok a = ids[rng() % ids.size()], b = ids[rng() % ids.size()];
    s.replace(a.begin, a.end - a.begin, s.substr(b.begin, b.end - b.begin));
    return true;
  }
  default: { // copy a token range elsewhere
    size_t len = 1 + rng() % 24;
    size_t from = k, to = std::min(toks.size() - 1, k + len);
    std::string piece = s.substr(toks[from].begin, toks[to].end - toks[from].begin);
    Tok dst = at(rng());
    s.insert(dst.begin, piece);
    return true;
  }
  }
}

} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t maxSize,
                                          unsigned int seed) {
  std::mt19937 rng(seed);
  if (rng() % 2)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::string s(reinterpret_cast<const char *>(data), size);
  unsigned n = 1 + rng() % 3;
  bool changed = false;
  for (unsigned i = 0; i < n; ++i)
    changed |= mutateTokens(s, rng);
  if (!changed || s.size() > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::memcpy(data, s.data(), s.size());
  return s.size();
}
