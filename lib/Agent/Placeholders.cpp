//===- Placeholders.cpp - option placeholders of KB repair templates ------===//
#include "kfix/Agent/Placeholders.h"

#include "kfix/Runtime/Manifest.h"
#include "kfix/Transforms/IndexLayout.h"
#include "kfix/Transforms/RepairSites.h"
#include "kfix/Transforms/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include <array>
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

/// The C names of the kernels' scalar parameters whose MLIR type satisfies
/// `typeOk` (the lifted type, so typedefs such as `idx_t` count as what they are).
std::vector<std::string> scalarParams(mlir::ModuleOp module,
                                      llvm::function_ref<bool(mlir::Type)> typeOk) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  module.walk([&](mlir::gpu::GPUFuncOp fn) {
    if (!fn.isKernel())
      return;
    auto names = fn->getAttrOfType<mlir::ArrayAttr>("kfix.arg_names");
    if (!names || names.size() != fn.getNumArguments())
      return;
    for (auto [n, arg] : llvm::zip(names, fn.getArguments())) {
      auto ns = llvm::dyn_cast<mlir::StringAttr>(n);
      if (ns && typeOk(arg.getType()) && seen.insert(ns.getValue().str()).second)
        out.push_back(ns.getValue().str());
    }
  });
  return out;
}

bool isIntegerScalar(mlir::Type t) {
  return t.isIndex() || (t.isInteger() && t.getIntOrFloatBitWidth() > 1);
}
bool isFloatScalar(mlir::Type t) { return llvm::isa<mlir::FloatType>(t); }

/// The candidate's kernel that the task's first launch runs.
mlir::gpu::GPUFuncOp launchedKernel(const PlannerContext &c) {
  mlir::gpu::GPUFuncOp found;
  if (!c.module)
    return found;
  llvm::StringRef want = c.task && !c.task->launches.empty()
                             ? llvm::StringRef(c.task->launches.front().kernel)
                             : llvm::StringRef();
  mlir::ModuleOp module = c.module;
  module.walk([&](mlir::gpu::GPUFuncOp fn) {
    if (found || !fn.isKernel())
      return;
    // The manifest names a kernel as written (`scale<float>`); the symbol is
    // sanitized (`scale_float`) and the spelling kept in `kfix.name`.
    auto name = fn->getAttrOfType<mlir::StringAttr>("kfix.name");
    if (want.empty() || fn.getName() == want || (name && name.getValue() == want))
      found = fn;
  });
  return found;
}

/// The C names of the launched kernel's parameters, in order (empty when unknown).
std::vector<std::string> kernelArgNames(const PlannerContext &c) {
  std::vector<std::string> out;
  if (mlir::gpu::GPUFuncOp fn = launchedKernel(c))
    if (auto names = fn->getAttrOfType<mlir::ArrayAttr>("kfix.arg_names"))
      for (auto n : names)
        if (auto ns = llvm::dyn_cast<mlir::StringAttr>(n))
          out.push_back(ns.getValue().str());
  return out;
}

/// Rewrites a manifest expression over size symbols into a C expression over
/// the kernel's scalar parameters: each symbol becomes the C name of the
/// scalar parameter whose value is exactly that symbol. "" when a symbol has
/// no such parameter, or for functions (ceildiv, min, max) and float literals.
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
      auto it = symToC.find(text.substr(i, j - i));
      if (it == symToC.end())
        return ""; // an unknown symbol or a function name
      out += it->second;
      i = j;
      continue;
    }
    if (c == '.' || c == ',')
      return ""; // float literals, function arguments: not an integer extent
    if (!std::isspace(static_cast<unsigned char>(c)))
      out += c;
    ++i;
  }
  return out;
}

/// A buffer parameter of the task's kernel with its declared shape over the
/// kernel's scalar parameters ("" for a dimension none of them gives).
struct DeclaredBuffer {
  std::string name;
  std::vector<std::string> dims;
};

/// The buffers of the candidate kernel the task's first launch runs, in
/// parameter order. `which`: "" (all), "outputs" (output/inout), "inputs"
/// (input/inout).
std::vector<DeclaredBuffer> declaredBuffers(const PlannerContext &c, llvm::StringRef which) {
  std::vector<DeclaredBuffer> out;
  if (!c.task || c.task->launches.empty())
    return out;
  const kfix::TaskManifest &task = *c.task;
  const kfix::KernelLaunch &launch = task.launches.front();
  std::vector<std::string> cnames = kernelArgNames(c);
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
    if ((which == "outputs" && !p->isChecked()) || (which == "inputs" && !p->isFilled()))
      continue;
    // A null pointer (shape [0], docs/ir-conventions.md): no extent to guard
    // its accesses with (its `0` would match any scalar that happens to be 0).
    if (p->shape.size() == 1 && p->shape[0].text() == "0")
      continue;
    DeclaredBuffer b{cnames[i], {}};
    for (const kfix::Expr &d : p->shape)
      b.dims.push_back(toKernelExpr(d, symToC));
    out.push_back(std::move(b));
  }
  return out;
}

/// `NAME[d0][d1]...` for each buffer parameter of the candidate kernel whose
/// every dimension can be written over the kernel's scalar parameters (or as
/// an integer); with `anyLeadingDim`, the unknown leading dimensions of a
/// multi-dimensional buffer are written as one `?` (they take no part in
/// row-major strides: a [B][H][Lk][D] buffer whose B and H no parameter gives
/// is [?][Lk][D], read with a flattened `bh * Lk * D`).
std::vector<std::string> bufferShapes(const PlannerContext &c, llvm::StringRef which,
                                      bool anyLeadingDim) {
  std::vector<std::string> out;
  for (const DeclaredBuffer &b : declaredBuffers(c, which)) {
    std::string s = b.name;
    bool ok = true;
    size_t lead = 0;
    while (anyLeadingDim && lead + 1 < b.dims.size() && b.dims[lead].empty())
      ++lead;
    if (lead)
      s += "[?]";
    for (size_t j = lead; j < b.dims.size(); ++j) {
      const std::string &k = b.dims[j];
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

/// `{contract-shapes}`: every buffer in one value separated by `;`
/// (`A[M][K];B[K][N];C[M][N]`), so that one repair can keep every access
/// inside the contract; `?` for a dimension no scalar parameter gives (a batch
/// dimension taken from gridDim); a buffer whose innermost dimension is
/// unknown is left out.
std::vector<std::string> contractShapes(const PlannerContext &c, llvm::StringRef which) {
  std::vector<std::string> buffers;
  for (const DeclaredBuffer &b : declaredBuffers(c, which)) {
    if (b.dims.back().empty())
      continue;
    std::string s = b.name;
    for (const std::string &k : b.dims)
      s += "[" + (k.empty() ? std::string("?") : k) + "]";
    buffers.push_back(s);
  }
  if (buffers.empty())
    return {};
  return {llvm::join(buffers, ";")};
}

/// The declared shapes (`{buffer-shapes}`) that some access of the candidate
/// contradicts (IndexLayout.h), most issues first.
std::vector<std::string> layoutMismatches(const PlannerContext &c, llvm::StringRef) {
  std::vector<std::pair<size_t, std::string>> ranked;
  mlir::gpu::GPUFuncOp fn = launchedKernel(c);
  if (!fn)
    return {};
  for (const std::string &text : bufferShapes(c, "", true)) {
    std::string error;
    auto shape = kfix::parseDeclaredShape(fn, text, error);
    if (!shape)
      continue;
    size_t n =
        kfix::findLayoutIssues(fn, *shape, "").size() + kfix::findRelayouts(fn, *shape, "").size();
    if (n)
      ranked.push_back({n, text});
  }
  llvm::stable_sort(ranked, [](auto &a, auto &b) { return a.first > b.first; });
  std::vector<std::string> out;
  for (auto &[n, t] : ranked)
    out.push_back(t);
  return out;
}

/// The task's block size per dimension under its first size binding.
std::optional<std::array<int64_t, 3>> launchBlock(const PlannerContext &c) {
  if (!c.task || c.task->launches.empty() || c.task->sizes.empty())
    return std::nullopt;
  std::array<int64_t, 3> out{1, 1, 1};
  for (unsigned d = 0; d < 3; ++d) {
    const kfix::Expr &e = c.task->launches.front().launch.block[d];
    if (e.text().empty())
      continue;
    auto v = e.evalInt(c.task->sizes.front());
    if (!v) {
      llvm::consumeError(v.takeError());
      return std::nullopt;
    }
    out[d] = *v;
  }
  return out;
}

std::vector<std::string> launchBlockText(const PlannerContext &c, llvm::StringRef) {
  auto b = launchBlock(c);
  if (!b)
    return {};
  return {std::to_string((*b)[0]) + "x" + std::to_string((*b)[1]) + "x" + std::to_string((*b)[2])};
}

/// `FROM:TO` for integer constants that a tile-shaped index uses with a
/// thread dimension whose block size is TO: first loop steps (`for (k = 0;
/// k < TILE; k += 16) ... threadIdx.y + k` with 8-row blocks), then block
/// offsets (`blockIdx.y * 32 + threadIdx.y`, `blockIdx.x * 256` with a
/// 128-thread block).
std::vector<std::string> tileConstants(const PlannerContext &c, llvm::StringRef) {
  auto block = launchBlock(c);
  mlir::gpu::GPUFuncOp fn = launchedKernel(c);
  if (!block || !fn)
    return {};
  std::vector<std::string> steps, offsets;
  auto add = [&](std::vector<std::string> &to, int64_t k, unsigned d) {
    int64_t b = (*block)[d];
    if (k <= 1 || b <= 1 || k == b)
      return;
    std::string s = std::to_string(k) + ":" + std::to_string(b);
    if (!llvm::is_contained(steps, s) && !llvm::is_contained(offsets, s))
      to.push_back(s);
  };
  auto stripped = [](mlir::Value v) {
    while (mlir::Operation *def = v.getDefiningOp()) {
      if (!llvm::isa<mlir::arith::IndexCastOp, mlir::arith::IndexCastUIOp, mlir::arith::ExtSIOp,
                     mlir::arith::ExtUIOp, mlir::arith::TruncIOp>(def))
        break;
      v = def->getOperand(0);
    }
    return v;
  };
  auto constOf = [&](mlir::Value v) -> std::optional<int64_t> {
    if (auto c = stripped(v).getDefiningOp<mlir::arith::ConstantOp>())
      if (auto a = llvm::dyn_cast<mlir::IntegerAttr>(c.getValue()))
        return a.getValue().getSExtValue();
    return std::nullopt;
  };
  auto threadDim = [&](mlir::Value v) -> std::optional<unsigned> {
    if (auto t = stripped(v).getDefiningOp<mlir::gpu::ThreadIdOp>())
      return static_cast<unsigned>(t.getDimension());
    return std::nullopt;
  };
  // Loop steps: the loop variable (or a load of the local it is stored to)
  // added to a thread id.
  fn.walk([&](mlir::scf::ForOp loop) {
    auto k = constOf(loop.getStep());
    if (!k)
      return;
    llvm::SmallVector<mlir::Value> aliases{loop.getInductionVar()};
    for (mlir::Operation *u : loop.getInductionVar().getUsers())
      if (auto st = llvm::dyn_cast<mlir::memref::StoreOp>(u))
        for (mlir::Operation *lu : st.getMemref().getUsers())
          if (auto ld = llvm::dyn_cast<mlir::memref::LoadOp>(lu))
            aliases.push_back(ld.getResult());
    for (mlir::Value a : aliases)
      for (mlir::Operation *u : a.getUsers())
        if (auto addi = llvm::dyn_cast<mlir::arith::AddIOp>(u))
          for (mlir::Value o : addi->getOperands())
            if (auto d = threadDim(o))
              add(steps, *k, *d);
  });
  // Block offsets: blockIdx.d * K.
  fn.walk([&](mlir::arith::MulIOp mul) {
    for (unsigned side = 0; side < 2; ++side) {
      auto bid = stripped(mul->getOperand(side)).getDefiningOp<mlir::gpu::BlockIdOp>();
      auto k = constOf(mul->getOperand(1 - side));
      // K equal to another dimension's block size is a thread-dimension
      // mix-up (blockIdx.x * ROWS + threadIdx.x for (32, ROWS) blocks).
      unsigned d = static_cast<unsigned>(bid ? bid.getDimension() : mlir::gpu::Dimension::x);
      bool otherDim = k && llvm::any_of(llvm::seq(0u, 3u),
                                        [&](unsigned e) { return e != d && (*block)[e] == *k; });
      if (bid && k && !otherDim)
        add(offsets, *k, d);
    }
  });
  steps.insert(steps.end(), offsets.begin(), offsets.end());
  return steps;
}

void registerBuiltins() {
  registerPlaceholder(
      "ops", "source locations of the ops named in the argument (comma-separated)",
      [](const PlannerContext &c, llvm::StringRef arg) { return findOpSites(c.module, arg, 12); });
  registerPlaceholder("int-params", "C names of the kernel's integer scalar parameters",
                      [](const PlannerContext &c, llvm::StringRef) {
                        return scalarParams(c.module, isIntegerScalar);
                      });
  registerPlaceholder("float-params", "C names of the kernel's floating-point scalar parameters",
                      [](const PlannerContext &c, llvm::StringRef) {
                        return scalarParams(c.module, isFloatScalar);
                      });
  registerPlaceholder(
      "buffer-shapes",
      "each buffer parameter as NAME[d0][d1]... with the task's shape written "
      "over the kernel's scalar parameters (argument: outputs | inputs)",
      [](const PlannerContext &c, llvm::StringRef which) { return bufferShapes(c, which, false); });
  registerPlaceholder("contract-shapes",
                      "every buffer as NAME[d0][d1]... over the kernel's scalar parameters, "
                      "all in one value separated by ';', '?' for a dimension no parameter "
                      "gives (argument: outputs | inputs)",
                      contractShapes);
  registerPlaceholder("layout-mismatch",
                      "the {buffer-shapes} that some access of the kernel contradicts (a term "
                      "whose stride is not a suffix product of the declared shape), most first",
                      layoutMismatches);
  registerPlaceholder("launch-block", "the task's block size as XxYxZ (first size binding)",
                      launchBlockText);
  registerPlaceholder("tile-constants",
                      "FROM:TO for tile-size constants that disagree with the launch's block "
                      "size in a loop step or block offset (loop steps first)",
                      tileConstants);
  registerPlaceholder(
      "off-by-one-sites",
      "comparisons and loops an off-by-one edit could fix, nearest to the "
      "diagnosed sites first (kfix-repair-off-by-one)",
      [](const PlannerContext &c, llvm::StringRef) { return offByOneSites(c.module, c.sites, 8); });
  registerPlaceholder(
      "store-sites",
      "stores to kernel buffers (and to locals at the diagnosed sites), "
      "diagnosed sites first",
      [](const PlannerContext &c, llvm::StringRef) { return storeSites(c.module, c.sites, 4); });
}

void ensureBuiltins() {
  static std::once_flag once;
  std::call_once(once, registerBuiltins);
}
} // namespace

void kfix::registerPlaceholder(llvm::StringRef name, llvm::StringRef help, PlaceholderExpander fn) {
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

std::string kfix::placeholderHelp(llvm::StringRef name, llvm::StringRef arg) {
  ensureBuiltins();
  auto it = registry().find(name.str());
  if (it == registry().end())
    return ("one value of kind " + name).str();
  std::string s = "one of: " + it->second.help;
  if (!arg.empty())
    s += " (" + arg.str() + ")";
  return s;
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
