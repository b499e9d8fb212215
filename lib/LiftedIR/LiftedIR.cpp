//===- LiftedIR.cpp - the lifted-IR contract: op table, kernel lookup -----===//
#include "kfix/LiftedIR/LiftedIR.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include <cstdlib>

using namespace mlir;

namespace kfix {
#define GEN_PASS_DEF_VERIFYLIFTED
#include "kfix/LiftedIR/Passes.h.inc"
} // namespace kfix

namespace {
// Shorthands for the table.
constexpr uint32_t K = kfix::InKernel, S = kfix::Structural, R = kfix::ReadsMemory,
                   W = kfix::WritesMemory, C = kfix::Collective, E = kfix::Exportable,
                   H = kfix::HostLowerable, G = kfix::GateAllowed;
// An op of a kernel body that every consumer takes.
constexpr uint32_t All = K | E | H | G;
} // namespace

// The contract. HostLowerable means kfix-lower-to-host lowers it (GPUToHost's
// patterns, the CPU runtime ABI, or the upstream conversions to LLVM after it);
// Exportable that lib/Export prints it; GateAllowed that the integrity gate's
// static checks (lib/Integrity/StaticChecks.cpp) accept it in a candidate.
// memref.get_global is accepted by the gate only for a constant global, a
// condition the gate checks itself.
static const kfix::LiftedOpInfo kTable[] = {
    // Module structure.
    {"builtin.module", S},
    {"gpu.module", S | E | H},
    {"gpu.func", S | E | H},
    {"memref.global", S | E | H},
    // Whole dialects the lifter emits freely.
    {"arith.*", All},
    {"math.*", All},
    {"scf.*", All},
    // Instrumentation (lib/Transforms/Instrument); the exporter drops none of them
    // silently, so they are not exportable.
    {"kfix.*", K | H | G},
    // Memory.
    {"memref.alloca", All},
    {"memref.load", All | R},
    {"memref.store", All | W},
    {"memref.atomic_rmw", All | R | W},
    {"memref.generic_atomic_rmw", All | R | W},
    {"memref.atomic_yield", All},
    {"memref.dim", All},
    {"memref.view", All},
    {"memref.cast", All},
    {"memref.reinterpret_cast", All},
    {"memref.subview", K | H | G},
    {"memref.memory_space_cast", K | H},
    {"memref.get_global", K | R | E | H},
    // Thread coordinates and collectives.
    {"gpu.thread_id", All},
    {"gpu.block_id", All},
    {"gpu.block_dim", All},
    {"gpu.grid_dim", All},
    {"gpu.lane_id", All},
    {"gpu.global_id", K | E},
    {"gpu.barrier", All | C},
    {"gpu.shuffle", All | C},
    {"gpu.return", All},
    {"gpu.dynamic_shared_memory", All},
    {"gpu.printf", K | E},
    {"nvvm.vote.sync", All | C},
    {"nvvm.bar.warp.sync", All | C},
    {"nvvm.shfl.sync", K | C | G},
    {"nvvm.read.ptx.sreg.laneid", K | G},
    // The byte size of `extern __shared__` (the launch's dynamic shared memory).
    {"nvvm.read.ptx.sreg.dynamic.smem.size", All},
    // Vectors (float4, half2, ...).
    {"vector.load", All | R},
    {"vector.store", All | W},
    {"vector.extract", All},
    {"vector.insert", All},
    {"vector.broadcast", All},
    {"vector.from_elements", All},
    {"vector.splat", K | H | G},
    {"vector.bitcast", K | H | G},
    {"vector.extractelement", K | H | G},
    {"vector.insertelement", K | H | G},
    {"vector.shuffle", K | H | G},
    {"vector.reduction", K | H | G},
    {"vector.fma", K | H | G},
};

llvm::ArrayRef<kfix::LiftedOpInfo> kfix::liftedOpTable() { return kTable; }

const kfix::LiftedOpInfo *kfix::lookupLiftedOp(llvm::StringRef opName) {
  static const llvm::StringMap<const LiftedOpInfo *> index = [] {
    llvm::StringMap<const LiftedOpInfo *> m;
    for (const LiftedOpInfo &row : kTable)
      m.try_emplace(row.name, &row);
    return m;
  }();
  if (auto it = index.find(opName); it != index.end())
    return it->second;
  auto dot = opName.find('.');
  if (dot == llvm::StringRef::npos)
    return nullptr;
  if (auto it = index.find((opName.take_front(dot) + ".*").str()); it != index.end())
    return it->second;
  return nullptr;
}

bool kfix::liftedOpHas(Operation *op, uint32_t flags) {
  const LiftedOpInfo *row = lookupLiftedOp(op);
  return row && (row->flags & flags) == flags;
}

Operation *kfix::firstOpWithout(Operation *root, uint32_t flags) {
  Operation *found = nullptr;
  root->walk([&](Operation *op) {
    if (op == root || liftedOpHas(op, flags))
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

//===----------------------------------------------------------------------===//
// Kernels.
//===----------------------------------------------------------------------===//

std::string kfix::kernelSymbolName(llvm::StringRef name) {
  std::string out;
  for (char c : name) {
    if (llvm::isAlnum(c) || c == '_')
      out += c;
    else if (!out.empty() && out.back() != '_')
      out += '_';
  }
  while (!out.empty() && out.back() == '_')
    out.pop_back();
  return out.empty() ? "kernel" : out;
}

void kfix::forEachKernel(ModuleOp module, llvm::function_ref<void(Operation *)> fn) {
  module.walk([&](gpu::GPUFuncOp f) {
    if (f.isKernel())
      fn(f);
  });
}

llvm::StringRef kfix::kernelName(Operation *kernel) {
  if (auto n = kernel->getAttrOfType<StringAttr>("kfix.name"))
    return n.getValue();
  if (auto sym = kernel->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    return sym.getValue();
  return {};
}

Operation *kfix::findKernel(ModuleOp module, llvm::StringRef kernel) {
  Operation *bySymbol = nullptr, *byName = nullptr, *byMapped = nullptr;
  std::string mapped = kernelSymbolName(kernel);
  forEachKernel(module, [&](Operation *op) {
    auto f = cast<gpu::GPUFuncOp>(op);
    if (auto n = f->getAttrOfType<StringAttr>("kfix.name"); n && n.getValue() == kernel && !byName)
      byName = f;
    if (f.getName() == kernel && !bySymbol)
      bySymbol = f;
    if (f.getName() == mapped && !byMapped)
      byMapped = f;
  });
  return byName ? byName : bySymbol ? bySymbol : byMapped;
}

//===----------------------------------------------------------------------===//
// The check.
//===----------------------------------------------------------------------===//

LogicalResult kfix::verifyLiftedModule(ModuleOp module) {
  bool ok = true;
  module->walk([&](Operation *op) {
    const LiftedOpInfo *row = lookupLiftedOp(op);
    if (!row) {
      op->emitError() << "'" << op->getName()
                      << "' is not an op of the lifted IR (include/kfix/LiftedIR/LiftedIR.h)";
      ok = false;
      return;
    }
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    bool inKernel = kernel && kernel.isKernel();
    if (inKernel && !row->has(InKernel)) {
      op->emitError() << "'" << op->getName() << "' may not appear inside a kernel";
      ok = false;
    } else if (!inKernel && !row->has(Structural)) {
      op->emitError() << "'" << op->getName() << "' may only appear inside a kernel";
      ok = false;
    }
  });
  return success(ok);
}

bool kfix::verifyLiftedEnabled() {
  static const bool enabled = [] {
    if (const char *v = std::getenv("KFIX_VERIFY_LIFTED"); v && *v)
      return llvm::StringRef(v) != "0";
#ifdef NDEBUG
    return false;
#else
    return true;
#endif
  }();
  return enabled;
}

LogicalResult kfix::maybeVerifyLifted(ModuleOp module, llvm::StringRef who) {
  if (!verifyLiftedEnabled() || succeeded(verifyLiftedModule(module)))
    return success();
  module->emitError() << "the module " << who
                      << " got breaks the lifted-IR contract (KFIX_VERIFY_LIFTED)";
  return failure();
}

namespace {
struct VerifyLiftedPass : kfix::impl::VerifyLiftedBase<VerifyLiftedPass> {
  void runOnOperation() override {
    if (failed(kfix::verifyLiftedModule(getOperation())))
      signalPassFailure();
  }
};
} // namespace
