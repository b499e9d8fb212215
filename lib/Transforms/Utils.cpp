//===- Utils.cpp - helpers shared by instrumentation and repair passes ----===//
#include "kfix/Transforms/Utils.h"
#include "kfix/Transforms/InductionReads.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <cmath>
#include <cstdio>

using namespace mlir;

llvm::SmallVector<gpu::GPUFuncOp> kfix::takeUnmarkedFuncs(gpu::GPUModuleOp module,
                                                          llvm::StringRef marker) {
  llvm::SmallVector<gpu::GPUFuncOp> out;
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    if (func->hasAttr(marker))
      continue;
    func->setAttr(marker, UnitAttr::get(module.getContext()));
    out.push_back(func);
  }
  return out;
}

int64_t kfix::nextFreeSite(Operation *root) {
  int64_t next = 0;
  root->walk([&](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "kfix")
      if (auto site = op->getAttrOfType<IntegerAttr>("site"))
        next = std::max(next, site.getInt() + 1);
  });
  return next;
}

std::optional<FileLineColLoc> kfix::findFileLineCol(Location loc) {
  if (auto flc = dyn_cast<FileLineColLoc>(loc))
    return flc;
  if (auto named = dyn_cast<NameLoc>(loc))
    return findFileLineCol(named.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return findFileLineCol(call.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location l : fused.getLocations())
      if (auto r = findFileLineCol(l))
        return r;
  return std::nullopt;
}

bool kfix::inLocalScope(Operation *local, Operation *at) {
  auto fused = dyn_cast<FusedLoc>(local->getLoc());
  auto scope = fused ? dyn_cast_or_null<DenseI32ArrayAttr>(fused.getMetadata()) : nullptr;
  if (!scope || scope.size() != 4)
    return true;
  auto al = findFileLineCol(local->getLoc());
  auto where = findFileLineCol(at->getLoc());
  if (!al || !where || al->getFilename() != where->getFilename())
    return true;
  std::pair<int32_t, int32_t> p{int32_t(where->getLine()), int32_t(where->getColumn())};
  return std::pair{scope[0], scope[1]} <= p && p <= std::pair{scope[2], scope[3]};
}

std::string kfix::formatLoc(Location loc) {
  auto flc = findFileLineCol(loc);
  if (!flc)
    return "?";
  return (flc->getFilename().getValue() + ":" + llvm::Twine(flc->getLine()) + ":" +
          llvm::Twine(flc->getColumn()))
      .str();
}

bool kfix::locMatches(Location loc, llvm::StringRef filter) {
  filter = filter.trim();
  if (filter.empty())
    return true;
  auto flc = findFileLineCol(loc);
  if (!flc)
    return false;
  llvm::SmallVector<llvm::StringRef> parts;
  filter.split(parts, ':');
  // Accept "line", "line:col", "file:line", "file:line:col".
  llvm::StringRef file;
  unsigned line = 0, col = 0;
  auto isNum = [](llvm::StringRef s) { return !s.empty() && llvm::all_of(s, llvm::isDigit); };
  if (parts.size() == 1 && isNum(parts[0])) {
    parts[0].getAsInteger(10, line);
  } else if (parts.size() == 2 && isNum(parts[0]) && isNum(parts[1])) {
    parts[0].getAsInteger(10, line);
    parts[1].getAsInteger(10, col);
  } else if (parts.size() >= 2 && isNum(parts.back()) && isNum(parts[parts.size() - 2]) &&
             parts.size() >= 3) {
    parts[parts.size() - 2].getAsInteger(10, line);
    parts.back().getAsInteger(10, col);
    file = filter.rsplit(':').first.rsplit(':').first;
  } else if (parts.size() >= 2 && isNum(parts.back())) {
    parts.back().getAsInteger(10, line);
    file = filter.rsplit(':').first;
  } else {
    return false;
  }
  if (flc->getLine() != line)
    return false;
  if (col && flc->getColumn() != col)
    return false;
  if (!file.empty() && !flc->getFilename().getValue().ends_with(file))
    return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Well-known constants
//===----------------------------------------------------------------------===//

namespace {
struct NamedConstant {
  double value;
  const char *name;
};
const NamedConstant kMathConstants[] = {
    {3.141592653589793, "pi"},
    {6.283185307179586, "2*pi"},
    {1.5707963267948966, "pi/2"},
    {0.3183098861837907, "1/pi"},
    {0.6366197723675814, "2/pi"},
    {1.4142135623730951, "sqrt(2)"},
    {0.7071067811865476, "1/sqrt(2)"},
    {0.7978845608028654, "sqrt(2/pi)"},
    {1.2533141373155003, "sqrt(pi/2)"},
    {1.7724538509055159, "sqrt(pi)"},
    {0.5641895835477563, "1/sqrt(pi)"},
    {1.1283791670955126, "2/sqrt(pi)"},
    {2.5066282746310002, "sqrt(2*pi)"},
    {0.3989422804014327, "1/sqrt(2*pi)"},
    {2.718281828459045, "e"},
    {0.36787944117144233, "1/e"},
    {0.6931471805599453, "ln(2)"},
    {1.4426950408889634, "log2(e)"},
    {2.302585092994046, "ln(10)"},
    {0.4342944819032518, "log10(e)"},
    {1.7320508075688772, "sqrt(3)"},
    {0.5773502691896258, "1/sqrt(3)"},
    {0.044715, "GELU tanh coefficient"},
    {1.702, "quick-GELU coefficient"},
    {1.0507009873554805, "SELU scale"},
    {1.6732632423543772, "SELU alpha"},
};
} // namespace

std::string kfix::mathConstantName(double v) {
  for (const NamedConstant &c : kMathConstants)
    if (std::fabs(v - c.value) <= 1e-6 * std::fabs(c.value))
      return c.name;
  return "";
}

llvm::SmallVector<double> kfix::relatedMathConstants(double v) {
  llvm::SmallVector<double> out;
  if (v == 0 || !std::isfinite(v))
    return out;
  double sign = v < 0 ? -1 : 1, a = std::fabs(v);
  for (double r : {1 / a, a * a, std::sqrt(a), 2 * a, a / 2}) {
    if (mathConstantName(r).empty())
      continue;
    for (const NamedConstant &c : kMathConstants)
      if (std::fabs(r - c.value) <= 1e-6 * c.value) {
        r = c.value; // the table's digits, not the float's
        break;
      }
    if (!llvm::is_contained(out, sign * r))
      out.push_back(sign * r);
  }
  return out;
}

std::string kfix::exactFloatText(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

gpu::ShuffleOp kfix::shuffleSource(Value v) {
  for (unsigned depth = 0; depth <= 8; ++depth) {
    while (Operation *def = v.getDefiningOp()) {
      if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
               arith::TruncIOp, arith::ExtFOp, arith::TruncFOp, arith::BitcastOp>(def))
        break;
      v = def->getOperand(0);
    }
    if (auto sh = v.getDefiningOp<gpu::ShuffleOp>())
      return sh;
    auto ld = v.getDefiningOp<memref::LoadOp>();
    if (!ld || !ld.getIndices().empty())
      return {};
    Value stored;
    for (Operation *u : ld.getMemref().getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemref() == ld.getMemref()) {
        if (stored)
          return {};
        stored = st.getValueToStore();
      }
    if (!stored)
      return {};
    v = stored;
  }
  return {};
}

static Value stripIntCasts(Value v) {
  while (auto *d = v.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
             arith::TruncIOp>(d))
      break;
    v = d->getOperand(0);
  }
  return v;
}

static int64_t unitOf(Value k) {
  auto c = stripIntCasts(k).getDefiningOp<arith::ConstantIntOp>();
  return c && c.value() >= 2 ? c.value() : 0;
}

static Value roundedDown(Value v, unsigned depth) {
  v = stripIntCasts(v);
  if (depth > 3)
    return {};
  if (auto l = v.getDefiningOp<memref::LoadOp>()) {
    auto var = l.getMemref().getDefiningOp<memref::AllocaOp>();
    if (!var || var.getType().getRank() != 0)
      return {};
    memref::StoreOp only;
    for (Operation *u : var->getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemref() == var.getResult()) {
        if (only)
          return {};
        only = st;
      }
    return only ? roundedDown(only.getValueToStore(), depth + 1) : Value();
  }
  if (auto sub = v.getDefiningOp<arith::SubIOp>()) {
    auto rem = stripIntCasts(sub.getRhs()).getDefiningOp<arith::RemSIOp>();
    if (rem && stripIntCasts(rem.getLhs()) == stripIntCasts(sub.getLhs()) && unitOf(rem.getRhs()))
      return sub.getLhs();
  }
  if (auto mul = v.getDefiningOp<arith::MulIOp>())
    for (unsigned s = 0; s < 2; ++s)
      if (auto div = stripIntCasts(mul->getOperand(s)).getDefiningOp<arith::DivSIOp>())
        if (unitOf(div.getRhs()) && unitOf(div.getRhs()) == unitOf(mul->getOperand(1 - s)))
          return div.getLhs();
  return {};
}

Value kfix::roundedDownBound(Value v) { return roundedDown(v, 0); }

scf::ForOp kfix::innerUnitLoop(scf::ForOp outer) {
  for (Operation &op : *outer.getBody())
    if (auto f = dyn_cast<scf::ForOp>(op)) {
      auto lo = f.getLowerBound().getDefiningOp<arith::ConstantIntOp>();
      auto hi = f.getUpperBound().getDefiningOp<arith::ConstantIntOp>();
      auto st = f.getStep().getDefiningOp<arith::ConstantIntOp>();
      if (lo && lo.value() == 0 && hi && hi.value() >= 2 && st && st.value() == 1)
        return f;
    }
  return {};
}

static void chunkTermsRec(Value v, SmallVectorImpl<std::pair<OpOperand *, Value>> &out,
                          unsigned depth) {
  Operation *d = v.getDefiningOp();
  if (!d || depth > 12)
    return;
  if (isa<arith::AddIOp, arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp>(
          d)) {
    for (Value o : d->getOperands())
      chunkTermsRec(o, out, depth + 1);
    return;
  }
  if (isa<arith::MulIOp>(d))
    for (unsigned k = 0; k < 2; ++k)
      if (d->getOperand(k).getDefiningOp<arith::ConstantOp>() &&
          !d->getOperand(1 - k).getDefiningOp<arith::ConstantOp>())
        out.push_back({&d->getOpOperand(k), d->getOperand(1 - k)});
}

void kfix::chunkTerms(Value v, SmallVectorImpl<std::pair<OpOperand *, Value>> &out) {
  chunkTermsRec(v, out, 0);
}

SmallVector<Value> kfix::inductionReads(scf::ForOp loop, unsigned max) {
  SmallVector<Value> ivs{loop.getInductionVar()};
  for (size_t n = 0; n < ivs.size() && n < max; ++n)
    for (Operation *u : ivs[n].getUsers()) {
      if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp>(u))
        ivs.push_back(u->getResult(0));
      else if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getValueToStore() == ivs[n])
        if (auto a = st.getMemRef().getDefiningOp<memref::AllocaOp>())
          for (Operation *r : a->getUsers())
            if (auto ld = dyn_cast<memref::LoadOp>(r))
              ivs.push_back(ld.getResult());
    }
  return ivs;
}

std::vector<kfix::CallArgUse> kfix::callArgUses(Operation *op) {
  std::vector<CallArgUse> out;
  auto a = op->getAttrOfType<ArrayAttr>("kfix.callarg");
  if (!a)
    return out;
  for (Attribute x : a) {
    auto s = dyn_cast<StringAttr>(x);
    llvm::SmallVector<llvm::StringRef> f;
    if (s)
      s.getValue().split(f, ':');
    CallArgUse u;
    if (f.size() != 8 || f[0].getAsInteger(10, u.operand) || f[1].getAsInteger(10, u.arg))
      continue;
    u.call = (f[2] + ":" + f[3]).str();
    u.range = (f[4] + ":" + f[5] + ":" + f[6] + ":" + f[7]).str();
    out.push_back(std::move(u));
  }
  return out;
}
