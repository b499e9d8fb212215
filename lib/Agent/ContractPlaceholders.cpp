//===- ContractPlaceholders.cpp - the task's buffer contract for repairs --===//
//
// `{contract-shapes}` (`:outputs`, `:inputs`): every buffer parameter of the
// task's kernel with its declared shape, written over the kernel's scalar
// parameters, all in one value separated by `;` (`A[M][K];B[K][N];C[M][N]`),
// so that one repair can keep every access inside the contract. A dimension
// that no scalar parameter gives (a batch dimension the kernel takes from
// gridDim) is written `?`; a buffer whose innermost dimension is unknown is
// left out. Unlike `{buffer-shapes}` this yields one value, not one per
// buffer.
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/Placeholders.h"

#include "kfix/Runtime/Manifest.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <cctype>
#include <map>

using namespace kfix;

namespace {

std::vector<std::string> argNames(mlir::ModuleOp module, llvm::StringRef kernel) {
  std::vector<std::string> out;
  module.walk([&](mlir::gpu::GPUFuncOp fn) {
    if (!out.empty() || !fn.isKernel())
      return;
    auto name = fn->getAttrOfType<mlir::StringAttr>("kfix.name");
    if (!kernel.empty() && fn.getName() != kernel && (!name || name.getValue() != kernel))
      return;
    if (auto names = fn->getAttrOfType<mlir::ArrayAttr>("kfix.arg_names"))
      for (auto n : names)
        if (auto ns = llvm::dyn_cast<mlir::StringAttr>(n))
          out.push_back(ns.getValue().str());
  });
  return out;
}

/// `text` (a manifest expression over size symbols) over the kernel's scalar
/// parameters; "" when a symbol has none or a function is used.
std::string overParams(const std::string &text, const std::map<std::string, std::string> &sym) {
  auto whole = sym.find("=" + text);
  if (whole != sym.end())
    return whole->second;
  std::string out;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
        ++j;
      auto it = sym.find(text.substr(i, j - i));
      if (it == sym.end())
        return "";
      out += it->second;
      i = j;
      continue;
    }
    if (c == '.' || c == ',')
      return ""; // float literals, function calls: not an integer extent
    if (!std::isspace(static_cast<unsigned char>(c)))
      out += c;
    ++i;
  }
  return out;
}

std::vector<std::string> contractShapes(const PlannerContext &c, llvm::StringRef which) {
  if (!c.task || c.task->launches.empty())
    return {};
  const TaskManifest &task = *c.task;
  const KernelLaunch &launch = task.launches.front();
  std::vector<std::string> cnames = argNames(c.module, launch.kernel);
  if (cnames.size() != launch.params.size())
    return {};
  std::map<std::string, std::string> sym;
  for (auto [i, pname] : llvm::enumerate(launch.params)) {
    const ParamSpec *p = task.findParam(pname);
    if (!p || p->isBuffer() || p->value.empty())
      continue;
    auto syms = p->value.symbols();
    if (syms.size() == 1 && syms[0] == p->value.text())
      sym.emplace(syms[0], cnames[i]);
    sym.emplace("=" + p->value.text(), cnames[i]);
  }
  std::vector<std::string> buffers;
  for (auto [i, pname] : llvm::enumerate(launch.params)) {
    const ParamSpec *p = task.findParam(pname);
    if (!p || !p->isBuffer() || p->shape.empty())
      continue;
    if ((which == "outputs" && !p->isChecked()) || (which == "inputs" && !p->isFilled()))
      continue;
    std::string s = cnames[i];
    bool innerKnown = false;
    for (const Expr &d : p->shape) {
      std::string k = overParams(d.text(), sym);
      innerKnown = !k.empty();
      s += "[" + (k.empty() ? std::string("?") : k) + "]";
    }
    if (innerKnown)
      buffers.push_back(s);
  }
  if (buffers.empty())
    return {};
  return {llvm::join(buffers, ";")};
}

} // namespace

void kfix::registerContractPlaceholders() {
  registerPlaceholder("contract-shapes",
                      "every buffer as NAME[d0][d1]... over the kernel's scalar parameters, "
                      "all in one value separated by ';', '?' for a dimension no parameter "
                      "gives (argument: outputs | inputs)",
                      contractShapes);
}
