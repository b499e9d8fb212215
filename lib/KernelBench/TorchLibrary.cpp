//===- TorchLibrary.cpp - operators registered with TORCH_LIBRARY ----------===//
//
// Instead of PYBIND11_MODULE, an extension may register dispatcher operators and
// be built with `load_inline(..., is_python_module=False)`:
//
//   TORCH_LIBRARY(ns, m) { m.def("op(Tensor x, float eps=1e-5) -> Tensor"); }
//   TORCH_LIBRARY_IMPL(ns, CUDA, m) { m.impl("op", &op_cuda); }
//   (or `m.def("op", &fn)`, `m.impl("op", TORCH_FN(fn))`, TORCH_LIBRARY_FRAGMENT)
//
// forward then calls `torch.ops.ns.op(x, eps)` (also `.default`, or through
// `ops = torch.ops.ns`). Such a call is an extension call of the C++ function
// registered for the operator; keyword arguments are placed by the schema's
// parameter names and missing ones take the schema's defaults.
//
//===----------------------------------------------------------------------===//
#include "ImporterImpl.h"

#include "llvm/ADT/StringExtras.h"

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using cpp::Tok;
using llvm::StringRef;

namespace {
StringRef unquote(StringRef s) { return s.trim('"'); }

/// The operator name of a schema or name string (`ns::op.overload(...)` -> op).
std::string opName(StringRef s) {
  s = s.split('(').first.trim();
  if (s.contains("::"))
    s = s.rsplit("::").second;
  return s.split('.').first.trim().str();
}

/// The parameters of a schema string: `op(Tensor x, *, float eps=1e-5) -> Tensor`.
std::vector<ExtUnit::PyArg> schemaArgs(StringRef s) {
  std::vector<ExtUnit::PyArg> out;
  size_t open = s.find('(');
  if (open == StringRef::npos)
    return out;
  int depth = 0;
  size_t close = StringRef::npos;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(' || s[i] == '[')
      ++depth;
    else if (s[i] == ')' || s[i] == ']')
      if (--depth == 0) {
        close = i;
        break;
      }
  }
  if (close == StringRef::npos)
    return out;
  StringRef inner = s.slice(open + 1, close);
  llvm::SmallVector<StringRef> parts;
  depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= inner.size(); ++i) {
    if (i < inner.size() && (inner[i] == '(' || inner[i] == '['))
      ++depth;
    else if (i < inner.size() && (inner[i] == ')' || inner[i] == ']'))
      --depth;
    else if (i == inner.size() || (inner[i] == ',' && depth == 0)) {
      parts.push_back(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  for (StringRef p : parts) {
    if (p.empty() || p == "*")
      continue;
    auto [decl, dflt] = p.split('=');
    decl = decl.trim();
    ExtUnit::PyArg a;
    a.name = decl.rsplit(' ').second.str();
    if (a.name.empty())
      a.name = decl.str();
    if (p.contains('=')) {
      StringRef v = dflt.trim();
      a.hasDefault = v != "None"; // an optional left out: not a number
      a.dflt = v == "True" ? "true" : v == "False" ? "false" : v.str();
    }
    out.push_back(a);
  }
  return out;
}
} // namespace

void kfix::kb::detail::readTorchLibrary(const std::vector<Tok> &t, ExtUnit &x) {
  for (size_t i = 0; i + 4 < t.size(); ++i) {
    StringRef macro = t[i].text;
    if (t[i].kind != Tok::Ident ||
        (macro != "TORCH_LIBRARY" && macro != "TORCH_LIBRARY_FRAGMENT" &&
         macro != "TORCH_LIBRARY_IMPL") ||
        t[i + 1].text != "(")
      continue;
    size_t close = cpp::matchBracket(t, i + 1);
    if (close == StringRef::npos || close + 1 >= t.size() || t[close + 1].text != "{")
      continue;
    // (ns, m) or (ns, DispatchKey, m)
    std::vector<std::string> margs;
    for (size_t q = i + 2; q < close; ++q)
      if (t[q].text != ",")
        margs.push_back(t[q].text);
    if (margs.size() < 2)
      continue;
    const std::string &ns = margs.front(), &lib = margs.back();
    bool impl = macro == "TORCH_LIBRARY_IMPL";
    std::string key = impl && margs.size() == 3 ? margs[1] : "";
    size_t bodyEnd = cpp::matchBracket(t, close + 1);
    if (bodyEnd == StringRef::npos)
      continue;
    std::string alias = "torch.ops." + ns;
    if (!x.named(alias))
      x.aliases.push_back(alias);
    for (size_t q = close + 2; q + 3 < bodyEnd; ++q) {
      if (t[q].text != lib || t[q + 1].text != "." ||
          (t[q + 2].text != "def" && t[q + 2].text != "impl") || t[q + 3].text != "(")
        continue;
      size_t callEnd = cpp::matchBracket(t, q + 3);
      if (callEnd == StringRef::npos || q + 4 >= callEnd || t[q + 4].kind != Tok::String)
        continue;
      StringRef str = unquote(t[q + 4].text);
      std::string op = opName(str);
      if (op.empty())
        continue;
      // The function: `, &fn`, `, fn`, `, TORCH_FN(fn)`.
      std::string fn;
      size_t k = q + 5;
      if (k < callEnd && t[k].text == ",") {
        ++k;
        if (k < callEnd && t[k].text == "&")
          ++k;
        if (k + 2 < callEnd && t[k].text == "TORCH_FN" && t[k + 1].text == "(")
          k += 2;
        if (k < callEnd && t[k].kind == Tok::Ident)
          fn = t[k].text;
      }
      if (str.contains('('))
        x.pyArgs[op] = schemaArgs(str);
      // A CUDA kernel's registration wins over others (CPU fallbacks).
      bool cudaKey = key.empty() || StringRef(key).contains("CUDA");
      if (!fn.empty() && (cudaKey || !x.pyToCpp.count(op)))
        x.pyToCpp[op] = fn;
    }
    i = bodyEnd;
  }
}

std::optional<PV> Importer::torchOpsCall(const py::Expr &e, StringRef dotted,
                                         llvm::StringMap<PV> &env, bool &handled) {
  handled = false;
  StringRef rest = dotted;
  if (!rest.consume_front("torch.ops."))
    return std::nullopt;
  auto [ns, tail] = rest.split('.');
  std::string op = tail.split('.').first.str(); // `.default` / `.overload`
  int ext = -1;
  for (size_t i = 0; i < exts.size(); ++i)
    if (exts[i].named("torch.ops." + ns.str()))
      ext = int(i);
  if (ext < 0 || op.empty())
    return std::nullopt;
  handled = true;
  if (!exts[ext].pyToCpp.count(op)) {
    d.error(cand.where(e.loc), "operator '" + ns.str() + "::" + op +
                                   "' has no C++ function registered for it (m.impl / "
                                   "m.def with a function) in the extension's TORCH_LIBRARY "
                                   "blocks");
    return std::nullopt;
  }
  PV fn;
  fn.kind = PV::ExtFn;
  fn.ext = ext;
  fn.name = op;
  fn.loc = e.loc.offset;
  return callExtWithArgs(e, fn, env);
}
