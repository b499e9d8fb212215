//===- RepairBoundsGuard.cpp - guard an elementwise tail by `idx < n` -----===//
//
// Kernels written for `n` a multiple of the block size store past the end of
// their buffers on the last block. The repair wraps the global accesses of the
// body in `if (idx < n)`, with `idx` the index every global store uses.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/IR/Dominance.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRBOUNDSGUARD
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-bounds-guard";

bool isIntArg(Value v) {
  return isa<BlockArgument>(v) && isa<IntegerType>(v.getType()) &&
         isa<gpu::GPUFuncOp>(cast<BlockArgument>(v).getOwner()->getParentOp());
}

struct RepairBoundsGuardPass : public kfix::impl::RepairBoundsGuardBase<RepairBoundsGuardPass> {
  using RepairBoundsGuardBase::RepairBoundsGuardBase;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(repair(func)))
        return signalPassFailure();
  }

  /// The factors of the bound: the option (a parameter name or a product
  /// "rows*cols"), else the one integer parameter the kernel compares, else
  /// the one with a size-like name, else the product of the kernel's integer
  /// parameters when there are two or three (a flat index over a 2-D/3-D
  /// problem, e.g. rows*cols). Empty when none applies; `bad` names an option
  /// factor that is not an integer parameter.
  SmallVector<Value> findBound(gpu::GPUFuncOp func, std::string &bad) {
    SmallVector<Value> factors;
    if (!bound.empty()) {
      SmallVector<StringRef> names;
      StringRef(bound).split(names, '*');
      for (StringRef name : names) {
        Value v = getArgByName(func, name.trim());
        if (!v || !isa<IntegerType>(v.getType())) {
          bad = name.trim().str();
          return {};
        }
        factors.push_back(v);
      }
      return factors;
    }
    llvm::SetVector<Value> compared;
    func.walk([&](arith::CmpIOp cmp) {
      for (Value operand : cmp->getOperands())
        if (isIntArg(stripCasts(operand)))
          compared.insert(stripCasts(operand));
    });
    if (compared.size() == 1)
      return {compared.front()};
    Value named;
    SmallVector<Value> ints;
    for (BlockArgument arg : func.getArguments()) {
      if (!isIntArg(arg))
        continue;
      ints.push_back(arg);
      StringRef name = getArgName(func, arg);
      if (llvm::is_contained({"n", "N", "size", "numel", "count", "len", "length", "total",
                              "num_elements", "n_elements", "numElements", "total_size"},
                             name)) {
        if (named)
          return {};
        named = arg;
      }
    }
    if (named)
      return {named};
    if (compared.empty() && (ints.size() == 2 || ints.size() == 3))
      return ints;
    return {};
  }

  LogicalResult repair(gpu::GPUFuncOp func) {
    Block &body = func.getBody().front();
    SmallVector<Operation *> globalAccesses;
    SmallVector<Operation *> stores;
    bool locHit = false;
    func.walk([&](Operation *op) {
      auto acc = getMemAccess(op);
      if (!acc || !isGlobalMemref(acc->memref))
        return;
      globalAccesses.push_back(op);
      if (acc->isWrite)
        stores.push_back(op);
      locHit |= locMatches(op->getLoc(), loc);
    });
    if (stores.empty() || !locHit)
      return success();

    // Already guarded somewhere: not this pattern.
    for (Operation *st : stores)
      if (st->getParentOfType<scf::IfOp>())
        return success();

    // Every store must use one index expression.
    Value key;
    for (Operation *st : stores) {
      auto acc = *getMemAccess(st);
      if (acc.indices.size() != 1)
        return success();
      Value idx = cIndex(acc.indices[0]);
      if (!isa<IntegerType>(idx.getType()))
        return success();
      if (!key)
        key = idx;
      else if (!sameExpr(key, idx))
        return success();
    }

    Operation *first = nullptr;
    for (Operation *op : globalAccesses) {
      Operation *top = ancestorIn(&body, op);
      if (!first || top->isBeforeInBlock(first))
        first = top;
    }

    auto warn = [&](const Twine &why) {
      // Only a pass aimed at this kernel explains why it did nothing.
      if (!loc.empty() || !bound.empty())
        func.emitWarning() << kPassArg << ": not applied to @" << func.getName() << ": " << why;
      return success();
    };

    std::string bad;
    SmallVector<Value> factors = findBound(func, bad);
    if (!bad.empty())
      return func.emitError() << kPassArg << ": kernel @" << func.getName()
                              << " has no integer parameter named '" << bad << "'";
    if (factors.empty())
      return warn("no bound parameter found (give bound=<name> or bound=<a>*<b>)");

    Operation *terminator = body.getTerminator();
    for (Operation *op = first; op != terminator; op = op->getNextNode()) {
      bool collective = false;
      op->walk([&](Operation *inner) {
        collective |= isa<gpu::BarrierOp, gpu::ShuffleOp>(inner) ||
                      inner->getName().getStringRef().starts_with("nvvm.");
      });
      if (collective)
        return warn("the accesses to guard hold a barrier or a warp collective");
    }

    OpBuilder b(first);
    Location l = first->getLoc();
    Value idx;
    if (auto var = loadedVar(key)) {
      idx = memref::LoadOp::create(b, l, var.getResult(), ValueRange{});
    } else {
      DominanceInfo dom(func);
      if (!dom.properlyDominates(key, first))
        return warn("the index is computed after the first global access");
      idx = key;
    }
    // The bound is the product of its factors, in the widest factor type.
    Value n = factors.front();
    bool isUnsigned = isUnsignedCType(getArgCType(func, cast<BlockArgument>(n)));
    for (Value f : llvm::drop_begin(factors)) {
      auto nt = cast<IntegerType>(n.getType()), ft = cast<IntegerType>(f.getType());
      if (nt.getWidth() < ft.getWidth())
        n = arith::ExtSIOp::create(b, l, ft, n);
      else if (ft.getWidth() < nt.getWidth())
        f = arith::ExtSIOp::create(b, l, nt, f);
      n = arith::MulIOp::create(b, l, n, f);
      isUnsigned &= isUnsignedCType(getArgCType(func, cast<BlockArgument>(f)));
      markRepaired(n.getDefiningOp(), kPassArg);
    }
    auto idxType = cast<IntegerType>(idx.getType());
    auto nType = cast<IntegerType>(n.getType());
    if (idxType.getWidth() < nType.getWidth())
      idx = isUnsigned ? Value(arith::ExtUIOp::create(b, l, nType, idx))
                       : Value(arith::ExtSIOp::create(b, l, nType, idx));
    else if (nType.getWidth() < idxType.getWidth())
      n = arith::ExtSIOp::create(b, l, idxType, n);
    auto cond = arith::CmpIOp::create(
        b, l, isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt, idx, n);
    auto ifOp = scf::IfOp::create(b, l, cond, /*withElseRegion=*/false);
    markRepaired(cond, kPassArg);
    markRepaired(ifOp, kPassArg);
    Block *thenBlock = ifOp.thenBlock();
    Operation *yield = thenBlock->getTerminator();
    for (Operation *op = first; op != terminator;) {
      Operation *next = op->getNextNode();
      op->moveBefore(yield);
      op = next;
    }
    ++numRewrites;
    return success();
  }
};

} // namespace
