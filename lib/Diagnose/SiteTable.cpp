//===- SiteTable.cpp - site numbers of kfix ops to source locations -------===//
#include "kfix/Diagnose/SiteTable.h"
#include "kfix/LiftedIR/LiftedIR.h"

#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kfix;

void SiteTable::add(SiteInfo info) { sites[info.site] = std::move(info); }

const SiteInfo *SiteTable::lookup(int64_t site) const {
  auto it = sites.find(site);
  return it == sites.end() ? nullptr : &it->second;
}

SiteInfo SiteTable::get(int64_t site) const {
  if (const SiteInfo *info = lookup(site))
    return *info;
  SiteInfo unknown;
  unknown.site = site;
  unknown.op = "?";
  return unknown;
}

static std::string nameAt(Operation *func, StringRef attr, unsigned i, StringRef fallback) {
  if (auto names = func->getAttrOfType<ArrayAttr>(attr))
    if (i < names.size())
      if (auto s = dyn_cast<StringAttr>(names[i]))
        return s.str();
  return (fallback + Twine(i)).str();
}

/// The parameter or shared-array name of `memref` in `func`.
static std::string bufferName(gpu::GPUFuncOp func, Value memref, int32_t &argIndex) {
  argIndex = -1;
  if (auto arg = dyn_cast<BlockArgument>(memref)) {
    if (arg.getOwner()->getParentOp() != func.getOperation())
      return "";
    unsigned n = arg.getArgNumber();
    unsigned numInputs = func.getFunctionType().getNumInputs();
    if (n < numInputs) {
      argIndex = static_cast<int32_t>(n);
      return nameAt(func, "kfix.arg_names", n, "arg");
    }
    return nameAt(func, "kfix.shared_names", n - numInputs, "shared");
  }
  if (auto view = memref.getDefiningOp<memref::ViewOp>())
    if (view.getSource().getDefiningOp<gpu::DynamicSharedMemoryOp>())
      return "extern shared";
  if (Operation *def = memref.getDefiningOp())
    if (auto var = def->getAttrOfType<StringAttr>("kfix.var"))
      return var.str();
  return "";
}

/// For a nan/inf check made by kfix-instrument-nan, the name of the op whose
/// result is checked: found through `cmpf uno %r, %r` or `cmpf oeq |%r|, inf`.
static std::string checkedOpName(CheckOp check) {
  SmallVector<Value> work{check.getCond()};
  for (unsigned steps = 0; !work.empty() && steps < 16; ++steps) {
    Value v = work.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def)
      continue;
    if (auto cmp = dyn_cast<arith::CmpFOp>(def)) {
      Value r;
      if (cmp.getPredicate() == arith::CmpFPredicate::UNO && cmp.getLhs() == cmp.getRhs())
        r = cmp.getLhs();
      else if (cmp.getPredicate() == arith::CmpFPredicate::OEQ)
        if (auto abs = cmp.getLhs().getDefiningOp<math::AbsFOp>())
          r = abs.getOperand();
      if (r && r.getDefiningOp())
        return r.getDefiningOp()->getName().getStringRef().str();
      continue;
    }
    if (isa<arith::AndIOp, arith::XOrIOp, vector::ReductionOp>(def))
      for (Value operand : def->getOperands())
        work.push_back(operand);
  }
  return "";
}

static std::string countConstruct(CountOp count) {
  Operation *parent = count->getParentOp();
  if (isa<scf::IfOp>(parent))
    return "if";
  if (isa<scf::ForOp>(parent))
    return "for";
  if (isa<scf::WhileOp>(parent))
    return "while";
  // Loop-entry counters sit right before their loop.
  Operation *next = count->getNextNode();
  if (isa_and_nonnull<scf::ForOp>(next))
    return "for";
  if (isa_and_nonnull<scf::WhileOp>(next))
    return "while";
  return "";
}

/// For an overflow check made by kfix-instrument-overflow, the name of the op
/// whose result is checked: `cmpi eq %wide, (extsi %r)`.
static std::string overflowOpName(CheckOp check) {
  if (auto cmp = check.getCond().getDefiningOp<arith::CmpIOp>())
    if (auto ext = cmp.getRhs().getDefiningOp<arith::ExtSIOp>())
      if (Operation *def = ext.getIn().getDefiningOp())
        return def->getName().getStringRef().str();
  return "";
}

SiteTable SiteTable::build(Operation *root) {
  SiteTable table;
  root->walk([&](Operation *op) {
    if (!isa_and_nonnull<KFixDialect>(op->getDialect()))
      return;
    auto siteAttr = op->getAttrOfType<IntegerAttr>("site");
    if (!siteAttr)
      return;
    SiteInfo info;
    info.site = siteAttr.getInt();
    if (auto flc = findFileLineCol(op->getLoc())) {
      info.file = flc->getFilename().str();
      info.line = flc->getLine();
      info.col = flc->getColumn();
    }
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    if (func)
      info.kernel = kernelName(func).str();
    if (auto access = dyn_cast<AccessOp>(op)) {
      info.op = "access";
      info.detail = stringifyAccessKind(access.getKind()).str();
      if (func)
        info.buffer = bufferName(func, access.getMemref(), info.argIndex);
    } else if (auto check = dyn_cast<CheckOp>(op)) {
      info.op = "check";
      info.detail = stringifyCheckKind(check.getKind()).str();
      if (check.getKind() == CheckKind::nan || check.getKind() == CheckKind::inf)
        info.subject = checkedOpName(check);
      if (check.getKind() == CheckKind::overflow)
        info.subject = overflowOpName(check);
    } else if (auto count = dyn_cast<CountOp>(op)) {
      info.op = "count";
      info.detail = countConstruct(count);
      // Loop sites have two count ops; keep the one inside the loop body.
      if (const SiteInfo *prev = table.lookup(info.site);
          prev && !prev->detail.empty() && info.detail.empty())
        return;
    } else if (auto probe = dyn_cast<ProbeOp>(op)) {
      info.op = "probe";
      info.detail = probe.getTag().str();
    } else {
      info.op = op->getName().stripDialect().str();
    }
    table.add(std::move(info));
  });
  return table;
}
