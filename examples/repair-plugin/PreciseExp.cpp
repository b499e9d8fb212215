//===- PreciseExp.cpp - an out-of-tree kfix repair pass, as a plugin ------===//
//
// `kfix-repair-precise-math`: a kernel that calls the fast intrinsics (__expf,
// __logf, __fdividef: math/arith ops with the `afn` fast-math flag) can miss a
// tight tolerance; this repair drops `afn` (and `arcp`) so they lower to the
// accurate functions. It shows everything a plugin needs: a pass, its option,
// the kfix.repaired marker, and mlirGetPassPluginInfo.
//
//===----------------------------------------------------------------------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

using namespace mlir;

namespace {
struct PreciseMathPass : public PassWrapper<PreciseMathPass, OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PreciseMathPass)

  PreciseMathPass() = default;
  PreciseMathPass(const PreciseMathPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "kfix-repair-precise-math"; }
  StringRef getDescription() const final {
    return "Replace fast-math intrinsics (afn/arcp) by accurate math";
  }

  Option<std::string> line{*this, "line",
                           llvm::cl::desc("Only repair ops on this source line (0 = all)"),
                           llvm::cl::init("")};

  void runOnOperation() override {
    getOperation().walk([&](Operation *op) {
      auto fmf = dyn_cast<arith::ArithFastMathInterface>(op);
      if (!fmf)
        return;
      if (!line.empty()) {
        auto flc = dyn_cast<FileLineColLoc>(op->getLoc());
        if (!flc || std::to_string(flc.getLine()) != line)
          return;
      }
      arith::FastMathFlags flags = fmf.getFastMathFlagsAttr().getValue();
      arith::FastMathFlags drop = arith::FastMathFlags::afn | arith::FastMathFlags::arcp;
      if (!bitEnumContainsAny(flags, drop))
        return;
      flags = flags & ~drop;
      op->setAttr(fmf.getFastMathAttrName(),
                  arith::FastMathFlagsAttr::get(op->getContext(), flags));
      op->setAttr("kfix.repaired", StringAttr::get(op->getContext(), getArgument()));
    });
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "KFixPreciseMath", LLVM_VERSION_STRING,
          []() { PassRegistration<PreciseMathPass>(); }};
}
