//===- Placeholders.cpp - option placeholders of KB repair templates ------===//
#include "kfix/Agent/Placeholders.h"

#include "kfix/Runtime/Manifest.h"
#include "kfix/Transforms/RepairSites.h"
#include "kfix/Transforms/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <mutex>
#include <set>

using namespace kfix;

namespace {
struct Registered {
  std::string help;
  PlaceholderExpander fn;
};

std::map<std::string, Registered> &registry() {
  static std::map<std::string, Registered> r;
  return r;
}

/// The C names of the kernels' scalar parameters whose C type is one of
/// `types` (matched as whole words after dropping const/unsigned qualifiers
/// is not attempted: the lifter records the type as written).
std::vector<std::string> scalarParams(mlir::ModuleOp module,
                                      llvm::function_ref<bool(llvm::StringRef)> typeOk) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  module.walk([&](mlir::gpu::GPUFuncOp fn) {
    if (!fn.isKernel())
      return;
    auto names = fn->getAttrOfType<mlir::ArrayAttr>("kfix.arg_names");
    auto ctypes = fn->getAttrOfType<mlir::ArrayAttr>("kfix.arg_ctypes");
    if (!names || !ctypes || names.size() != ctypes.size())
      return;
    for (auto [n, t] : llvm::zip(names, ctypes)) {
      auto ns = llvm::dyn_cast<mlir::StringAttr>(n);
      auto ts = llvm::dyn_cast<mlir::StringAttr>(t);
      if (!ns || !ts || ts.getValue().contains('*') || ts.getValue().contains('&'))
        continue;
      if (typeOk(ts.getValue()) && seen.insert(ns.getValue().str()).second)
        out.push_back(ns.getValue().str());
    }
  });
  return out;
}

bool isIntegerCType(llvm::StringRef t) {
  llvm::SmallVector<llvm::StringRef> words;
  t.split(words, ' ', -1, false);
  for (llvm::StringRef w : words)
    if (llvm::is_contained({"int", "long", "short", "size_t", "int32_t", "int64_t", "uint32_t",
                            "uint64_t", "unsigned", "ptrdiff_t", "ssize_t"},
                           w))
      return true;
  return false;
}

bool isFloatCType(llvm::StringRef t) {
  return t.contains("float") || t.contains("double") || t.contains("half");
}


/// The kernel `task->kernel`'s parameter C names, in order (empty when unknown).
std::vector<std::string> kernelArgNames(mlir::ModuleOp module, llvm::StringRef kernel) {
  std::vector<std::string> out;
  module.walk([&](mlir::gpu::GPUFuncOp fn) {
    if (!out.empty() || !fn.isKernel() || (!kernel.empty() && fn.getName() != kernel))
      return;
    if (auto names = fn->getAttrOfType<mlir::ArrayAttr>("kfix.arg_names"))
      for (auto n : names)
        if (auto ns = llvm::dyn_cast<mlir::StringAttr>(n))
          out.push_back(ns.getValue().str());
  });
  return out;
}

/// Rewrites a manifest expression over size symbols into a C expression over
/// the kernel's scalar parameters: each symbol becomes the C name of the
/// scalar parameter whose value is exactly that symbol. "" when a symbol has
/// no such parameter.
std::string toKernelExpr(const kfix::Expr &e, const std::map<std::string, std::string> &symToC) {
  std::string text = e.text();
  // A dimension written exactly as some parameter's value.
  auto whole = symToC.find("=" + text);
  if (whole != symToC.end())
    return whole->second;
  std::string out;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
        ++j;
      std::string word = text.substr(i, j - i);
      if (word == "ceildiv" || word == "min" || word == "max")
        return ""; // keep guards to plain arithmetic
      auto it = symToC.find(word);
      if (it == symToC.end())
        return "";
      out += it->second;
      i = j;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(c)))
      out += c;
    ++i;
  }
  return out;
}

/// `NAME[d0][d1]...` for each buffer parameter of the candidate kernel whose
/// every dimension can be written over the kernel's scalar parameters (or as
/// an integer). `which`: "" (all buffers), "outputs" (output/inout),
/// "inputs" (input/inout).
std::vector<std::string> bufferShapes(const PlannerContext &c, llvm::StringRef which) {
  std::vector<std::string> out;
  if (!c.task || c.task->launches.empty())
    return out;
  const kfix::TaskManifest &task = *c.task;
  const kfix::KernelLaunch &launch = task.launches.front();
  std::vector<std::string> cnames = kernelArgNames(c.module, launch.kernel);
  if (cnames.size() != launch.params.size())
    return out;
  std::map<std::string, std::string> symToC;
  for (auto [i, pname] : llvm::enumerate(launch.params)) {
    const kfix::ParamSpec *p = task.findParam(pname);
    if (!p || p->isBuffer() || p->value.empty())
      continue;
    auto syms = p->value.symbols();
    if (syms.size() == 1 && syms[0] == p->value.text())
      symToC.emplace(syms[0], cnames[i]);
    symToC.emplace("=" + p->value.text(), cnames[i]);
  }
  for (auto [i, pname] : llvm::enumerate(launch.params)) {
    const kfix::ParamSpec *p = task.findParam(pname);
    if (!p || !p->isBuffer() || p->shape.empty())
      continue;
    if (which == "outputs" && !p->isChecked())
      continue;
    if (which == "inputs" && !p->isFilled())
      continue;
    std::string s = cnames[i];
    bool ok = true;
    for (const kfix::Expr &d : p->shape) {
      std::string k = toKernelExpr(d, symToC);
      if (k.empty()) {
        ok = false;
        break;
      }
      s += "[" + k + "]";
    }
    if (ok)
      out.push_back(s);
  }
  return out;
}

void registerBuiltins() {
  registerPlaceholder("ops", "source locations of the ops named in the argument (comma-separated)",
                      [](const PlannerContext &c, llvm::StringRef arg) {
                        return findOpSites(c.module, arg, 12);
                      });
  registerPlaceholder("int-params", "C names of the kernel's integer scalar parameters",
                      [](const PlannerContext &c, llvm::StringRef) {
                        return scalarParams(c.module, isIntegerCType);
                      });
  registerPlaceholder("float-params", "C names of the kernel's floating-point scalar parameters",
                      [](const PlannerContext &c, llvm::StringRef) {
                        return scalarParams(c.module, isFloatCType);
                      });
  registerPlaceholder("buffer-shapes",
                      "each buffer parameter as NAME[d0][d1]... with the task's shape written "
                      "over the kernel's scalar parameters (argument: outputs | inputs)",
                      bufferShapes);
  registerPlaceholder("off-by-one-sites",
                      "comparisons and loops an off-by-one edit could fix, nearest to the "
                      "diagnosed sites first (kfix-repair-off-by-one)",
                      [](const PlannerContext &c, llvm::StringRef) {
                        return offByOneSites(c.module, c.sites, 8);
                      });
  registerPlaceholder("store-sites",
                      "stores to kernel buffers (and to locals at the diagnosed sites), "
                      "diagnosed sites first",
                      [](const PlannerContext &c, llvm::StringRef) {
                        return storeSites(c.module, c.sites, 4);
                      });
}

void ensureBuiltins() {
  static std::once_flag once;
  std::call_once(once, registerBuiltins);
}
} // namespace

void kfix::registerPlaceholder(llvm::StringRef name, llvm::StringRef help,
                               PlaceholderExpander fn) {
  registry()[name.str()] = {help.str(), std::move(fn)};
}

const PlaceholderExpander *kfix::lookupPlaceholder(llvm::StringRef name) {
  ensureBuiltins();
  auto it = registry().find(name.str());
  return it == registry().end() ? nullptr : &it->second.fn;
}

std::vector<std::pair<std::string, std::string>> kfix::listPlaceholders() {
  ensureBuiltins();
  std::vector<std::pair<std::string, std::string>> out;
  for (auto &[n, r] : registry())
    out.push_back({n, r.help});
  return out;
}

bool kfix::parsePlaceholder(llvm::StringRef value, llvm::StringRef &name, llvm::StringRef &arg) {
  if (!value.starts_with("{") || !value.ends_with("}") || value.size() < 3)
    return false;
  llvm::StringRef body = value.drop_front().drop_back();
  if (body.contains('{') || body.contains('}') || body.contains(' '))
    return false;
  std::tie(name, arg) = body.split(':');
  return !name.empty();
}

std::vector<std::string> kfix::findOpSites(mlir::ModuleOp module, llvm::StringRef names,
                                          unsigned max) {
  llvm::SmallVector<llvm::StringRef> wanted;
  names.split(wanted, ',');
  std::vector<std::string> out;
  std::set<std::string> seen;
  module.walk([&](mlir::Operation *op) {
    if (out.size() >= max)
      return;
    llvm::StringRef name = op->getName().getStringRef();
    if (!llvm::any_of(wanted, [&](llvm::StringRef w) { return w.trim() == name; }))
      return;
    std::string loc = formatLoc(op->getLoc());
    if (loc != "?" && seen.insert(loc).second)
      out.push_back(loc);
  });
  return out;
}
