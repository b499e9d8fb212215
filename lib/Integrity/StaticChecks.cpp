//===- StaticChecks.cpp - integrity checks on a candidate's IR ------------===//
#include "kfix/Integrity/StaticChecks.h"
#include "kfix/LiftedIR/LiftedIR.h"
#include "kfix/Runtime/KernelSource.h"

#include "kfix/Transforms/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix;

llvm::json::Value IntegrityFinding::toJSON() const {
  return llvm::json::Object{{"check", check}, {"evidence", evidence}, {"loc", loc}};
}

gpu::GPUFuncOp kfix::findKernelFunc(ModuleOp module, llvm::StringRef name) {
  // The one lookup (Runtime/KernelSource.h): source name, symbol, or the symbol
  // a template instantiation is exported under.
  return llvm::dyn_cast_or_null<gpu::GPUFuncOp>(findKernel(module, name));
}

/// The value a memref is a view of: a kernel argument, a workgroup
/// attribution, an alloca or a dynamic shared memory op.
static Value rootOf(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (auto v = dyn_cast<memref::ViewOp>(def))
      memref = v.getSource();
    else if (auto s = dyn_cast<memref::SubViewOp>(def))
      memref = s.getSource();
    else if (auto c = dyn_cast<memref::CastOp>(def))
      memref = c.getSource();
    else if (auto r = dyn_cast<memref::ReinterpretCastOp>(def))
      memref = r.getSource();
    else if (auto m = dyn_cast<memref::MemorySpaceCastOp>(def))
      memref = m.getSource();
    else
      break;
  }
  return memref;
}

/// The kernel argument index a memref is rooted at, or -1.
static int argIndex(gpu::GPUFuncOp f, Value memref) {
  Value root = rootOf(memref);
  if (auto ba = dyn_cast<BlockArgument>(root))
    if (ba.getOwner() == &f.getBody().front() && ba.getArgNumber() < f.getNumArguments())
      return ba.getArgNumber();
  return -1;
}

/// Memory accesses in a uniform shape: which memref, stored value, indices.
struct MemAccess {
  Value memref;
  Value stored; // null for loads
  ValueRange indices;
  bool isRead, isWrite;
};

static std::optional<MemAccess> getMemAccess(Operation *op) {
  if (auto l = dyn_cast<memref::LoadOp>(op))
    return MemAccess{l.getMemref(), {}, l.getIndices(), true, false};
  if (auto s = dyn_cast<memref::StoreOp>(op))
    return MemAccess{s.getMemref(), s.getValue(), s.getIndices(), false, true};
  if (auto a = dyn_cast<memref::AtomicRMWOp>(op))
    return MemAccess{a.getMemref(), a.getValue(), a.getIndices(), true, true};
  if (auto g = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return MemAccess{g.getMemref(), {}, g.getIndices(), true, true};
  if (auto l = dyn_cast<vector::LoadOp>(op))
    return MemAccess{l.getBase(), {}, l.getIndices(), true, false};
  if (auto s = dyn_cast<vector::StoreOp>(op))
    return MemAccess{s.getBase(), s.getValueToStore(), s.getIndices(), false, true};
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Data (and control) dependence of outputs on input buffers.
//===----------------------------------------------------------------------===//

namespace {
/// Flow-insensitive taint: which kernel arguments (bit i = argument i) a value
/// or a memory object depends on, through data, indices and enclosing
/// conditions. Iterated to a fixpoint over loops and memory.
class TaintAnalysis {
public:
  explicit TaintAnalysis(gpu::GPUFuncOp f) : func(f) {
    for (unsigned i = 0; i < f.getNumArguments() && i < 64; ++i)
      valueTaint[f.getArgument(i)] = uint64_t(1) << i;
    for (int iter = 0; iter < 32; ++iter) {
      changed = false;
      visitRegion(f.getBody(), 0);
      if (!changed)
        break;
    }
  }

  uint64_t memory(Value root) const {
    auto it = memTaint.find(root);
    return it == memTaint.end() ? 0 : it->second;
  }

private:
  gpu::GPUFuncOp func;
  llvm::DenseMap<Value, uint64_t> valueTaint;
  llvm::DenseMap<Value, uint64_t> memTaint;
  bool changed = false;

  uint64_t of(Value v) {
    auto it = valueTaint.find(v);
    return it == valueTaint.end() ? 0 : it->second;
  }
  void add(Value v, uint64_t t) {
    uint64_t &slot = valueTaint[v];
    if ((slot | t) != slot) {
      slot |= t;
      changed = true;
    }
  }
  void addMem(Value root, uint64_t t) {
    uint64_t &slot = memTaint[root];
    if ((slot | t) != slot) {
      slot |= t;
      changed = true;
    }
  }

  void visitRegion(Region &r, uint64_t ctrl) {
    for (Block &b : r)
      for (Operation &op : b)
        visit(&op, ctrl);
  }

  void visit(Operation *op, uint64_t ctrl) {
    if (auto acc = getMemAccess(op)) {
      Value root = rootOf(acc->memref);
      uint64_t idx = 0;
      for (Value i : acc->indices)
        idx |= of(i);
      if (acc->isWrite) {
        uint64_t t = ctrl | idx;
        if (acc->stored)
          t |= of(acc->stored);
        if (auto g = dyn_cast<memref::GenericAtomicRMWOp>(op)) {
          visitRegion(g.getAtomicBody(), ctrl);
          for (Operation &inner : g.getAtomicBody().front())
            for (Value operand : inner.getOperands())
              t |= of(operand);
        }
        addMem(root, t);
      }
      if (acc->isRead)
        for (Value res : op->getResults())
          add(res, memory(root) | of(root) | idx);
      return;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      uint64_t c = ctrl | of(ifOp.getCondition());
      visitRegion(ifOp.getThenRegion(), c);
      visitRegion(ifOp.getElseRegion(), c);
      for (Region *r : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
        if (!r->empty())
          for (auto [res, y] :
               llvm::zip(ifOp.getResults(), r->front().getTerminator()->getOperands()))
            add(res, of(y) | c);
      return;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      uint64_t c =
          ctrl | of(forOp.getLowerBound()) | of(forOp.getUpperBound()) | of(forOp.getStep());
      add(forOp.getInductionVar(), c);
      for (auto [arg, init] : llvm::zip(forOp.getRegionIterArgs(), forOp.getInitArgs()))
        add(arg, of(init));
      visitRegion(forOp.getRegion(), c);
      auto yields = forOp.getBody()->getTerminator()->getOperands();
      for (auto [arg, res, y] : llvm::zip(forOp.getRegionIterArgs(), forOp.getResults(), yields)) {
        add(arg, of(y));
        add(res, of(y) | c);
      }
      return;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      for (auto [arg, init] : llvm::zip(whileOp.getBeforeArguments(), whileOp.getInits()))
        add(arg, of(init) | ctrl);
      visitRegion(whileOp.getBefore(), ctrl);
      auto cond = whileOp.getConditionOp();
      uint64_t c = ctrl | of(cond.getCondition());
      for (auto [arg, v] : llvm::zip(whileOp.getAfterArguments(), cond.getArgs()))
        add(arg, of(v) | c);
      for (auto [res, v] : llvm::zip(whileOp.getResults(), cond.getArgs()))
        add(res, of(v) | c);
      visitRegion(whileOp.getAfter(), c);
      for (auto [arg, y] : llvm::zip(whileOp.getBeforeArguments(),
                                     whileOp.getAfter().front().getTerminator()->getOperands()))
        add(arg, of(y) | c);
      return;
    }
    // Generic: results depend on operands; nested regions see the context.
    uint64_t t = 0;
    for (Value v : op->getOperands())
      t |= of(v);
    for (Region &r : op->getRegions())
      visitRegion(r, ctrl | t);
    for (Value res : op->getResults())
      add(res, t);
  }
};
} // namespace

/// Per argument index of an output, the set of argument indices it depends on.
static uint64_t outputDeps(TaintAnalysis &ta, gpu::GPUFuncOp f, unsigned arg) {
  return ta.memory(f.getArgument(arg)) & ~(uint64_t(1) << arg);
}

//===----------------------------------------------------------------------===//
// The checks.
//===----------------------------------------------------------------------===//

static bool isOutRole(StringRef r) { return r == "output" || r == "inout"; }

static void checkDisallowedOps(gpu::GPUFuncOp f, std::vector<IntegrityFinding> &out) {
  f.walk([&](Operation *op) {
    if (op == f.getOperation())
      return;
    StringRef name = op->getName().getStringRef();
    // The allow-list is the op table's GateAllowed column (kfix/LiftedIR/LiftedIR.h).
    if (liftedOpHas(op, InKernel | GateAllowed))
      return;
    // A read of initialized __constant__ memory: the global must be constant
    // (a mutable global would let a kernel keep state between launches).
    if (auto gg = dyn_cast<memref::GetGlobalOp>(op)) {
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(op, gg.getNameAttr());
      if (global && global.getConstant())
        return;
    }
    out.push_back({"disallowed-op",
                   ("'" + name + "' is outside the allow-list of kernel operations").str(),
                   formatLoc(op->getLoc())});
  });
}

static void checkReadsOutputFirst(gpu::GPUFuncOp f, const std::vector<ParamRole> &params,
                                  std::vector<IntegrityFinding> &out) {
  llvm::SmallDenseSet<int> written, reported;
  // The writes of each output: a read in a loop that also writes the output,
  // at another index than any of those writes, reads what earlier iterations
  // wrote (a recurrence: `x[i] = b[i] - sum_j<i L[i][j] * x[j]`). A read of
  // the element the loop then writes (`y[i] = fmaxf(y[i], ...)` in a
  // grid-stride loop) is still a first read.
  llvm::DenseMap<int, SmallVector<std::pair<Operation *, MemAccess>>> writes;
  f.walk([&](Operation *op) {
    auto acc = getMemAccess(op);
    if (acc && acc->isWrite)
      writes[argIndex(f, acc->memref)].push_back({op, *acc});
  });
  std::function<bool(Value, Value, unsigned)> same = [&](Value a, Value b, unsigned d) {
    if (a == b)
      return true;
    Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
    if (!x || !y || d > 8 || x->getName() != y->getName() ||
        x->getNumOperands() != y->getNumOperands() || x->getAttrs() != y->getAttrs() ||
        x->getNumRegions())
      return false;
    if (auto l = dyn_cast<memref::LoadOp>(x))
      return l.getIndices().empty() && l.getMemRef() == cast<memref::LoadOp>(y).getMemRef();
    for (unsigned i = 0; i < x->getNumOperands(); ++i)
      if (!same(x->getOperand(i), y->getOperand(i), d + 1))
        return false;
    return true;
  };
  auto sameElement = [&](const MemAccess &r, const MemAccess &w) {
    if (r.indices.size() != w.indices.size())
      return false;
    for (size_t i = 0; i < r.indices.size(); ++i)
      if (!same(r.indices[i], w.indices[i], 0))
        return false;
    return true;
  };
  auto inLoopWithWrite = [&](Operation *read, const MemAccess &r, int arg) {
    for (Operation *loop = read->getParentOp(); loop && loop != f.getOperation();
         loop = loop->getParentOp())
      if (isa<scf::ForOp, scf::WhileOp>(loop)) {
        bool wrote = false;
        for (auto &[w, wa] : writes.lookup(arg))
          if (loop->isProperAncestor(w)) {
            if (sameElement(r, wa))
              return false;
            wrote = true;
          }
        if (wrote)
          return true;
      }
    return false;
  };
  f.walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto acc = getMemAccess(op);
    if (!acc)
      return;
    int arg = argIndex(f, acc->memref);
    if (arg < 0 || arg >= (int)params.size() || params[arg].role != "output")
      return;
    if (acc->isRead && !written.count(arg) && !inLoopWithWrite(op, *acc, arg) &&
        reported.insert(arg).second)
      out.push_back({"reads-output-first",
                     "reads output '" + params[arg].name +
                         "' before writing it (its contents are whatever the harness left)",
                     formatLoc(op->getLoc())});
    if (acc->isWrite)
      written.insert(arg);
  });
}

/// The value of an integer `v` when the task's constant scalars (ParamRole::
/// constant) and literals decide it; nullopt otherwise. `&&`/`||` fold with
/// one side known (false && unknown is false).
static std::optional<int64_t> foldInt(Value v, gpu::GPUFuncOp f,
                                      const std::vector<ParamRole> &params, unsigned depth = 0) {
  if (depth > 32)
    return std::nullopt;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    if (arg.getOwner() != &f.getBody().front() || arg.getArgNumber() >= params.size())
      return std::nullopt;
    return params[arg.getArgNumber()].constant;
  }
  Operation *op = v.getDefiningOp();
  if (!op)
    return std::nullopt;
  auto sub = [&](Value x) { return foldInt(x, f, params, depth + 1); };
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getValue().getSExtValue();
    return std::nullopt;
  }
  if (isa<arith::ExtUIOp, arith::ExtSIOp, arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return sub(op->getOperand(0));
  if (auto t = dyn_cast<arith::TruncIOp>(op)) {
    auto x = sub(t.getIn());
    unsigned w = t.getType().getIntOrFloatBitWidth();
    if (!x || w >= 64)
      return x;
    return *x & ((int64_t(1) << w) - 1);
  }
  if (isa<arith::AndIOp>(op)) {
    auto a = sub(op->getOperand(0)), b = sub(op->getOperand(1));
    if ((a && *a == 0) || (b && *b == 0))
      return 0;
    if (a && b)
      return *a & *b;
    return std::nullopt;
  }
  if (isa<arith::OrIOp>(op)) {
    auto a = sub(op->getOperand(0)), b = sub(op->getOperand(1));
    bool i1 = op->getResult(0).getType().isInteger(1);
    if (i1 && ((a && *a) || (b && *b)))
      return 1;
    if (a && b)
      return *a | *b;
    return std::nullopt;
  }
  if (isa<arith::XOrIOp>(op)) {
    auto a = sub(op->getOperand(0)), b = sub(op->getOperand(1));
    if (a && b)
      return *a ^ *b;
    return std::nullopt;
  }
  if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    auto c = sub(sel.getCondition());
    if (!c)
      return std::nullopt;
    return sub(*c ? sel.getTrueValue() : sel.getFalseValue());
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    auto a = sub(cmp.getLhs()), b = sub(cmp.getRhs());
    if (!a || !b)
      return std::nullopt;
    uint64_t ua = *a, ub = *b;
    switch (cmp.getPredicate()) {
    case arith::CmpIPredicate::eq:
      return *a == *b;
    case arith::CmpIPredicate::ne:
      return *a != *b;
    case arith::CmpIPredicate::slt:
      return *a < *b;
    case arith::CmpIPredicate::sle:
      return *a <= *b;
    case arith::CmpIPredicate::sgt:
      return *a > *b;
    case arith::CmpIPredicate::sge:
      return *a >= *b;
    case arith::CmpIPredicate::ult:
      return ua < ub;
    case arith::CmpIPredicate::ule:
      return ua <= ub;
    case arith::CmpIPredicate::ugt:
      return ua > ub;
    case arith::CmpIPredicate::uge:
      return ua >= ub;
    }
    return std::nullopt;
  }
  // A short-circuit `&&`/`||` lifted as an scf.if yielding the value.
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    auto c = sub(ifOp.getCondition());
    if (!c)
      return std::nullopt;
    Region &r = *c ? ifOp.getThenRegion() : ifOp.getElseRegion();
    if (r.empty())
      return std::nullopt;
    auto yield = dyn_cast<scf::YieldOp>(r.front().getTerminator());
    unsigned idx = cast<OpResult>(v).getResultNumber();
    if (!yield || idx >= yield.getNumOperands())
      return std::nullopt;
    return sub(yield.getOperand(idx));
  }
  return std::nullopt;
}

/// Whether `op` sits in a branch of an scf.if that the task's constant scalars
/// rule out (it never runs in the task).
static bool neverRuns(Operation *op, gpu::GPUFuncOp f, const std::vector<ParamRole> &params) {
  for (Operation *p = op; p && p != f.getOperation(); p = p->getParentOp()) {
    auto ifOp = dyn_cast_or_null<scf::IfOp>(p->getParentOp());
    if (!ifOp)
      continue;
    auto c = foldInt(ifOp.getCondition(), f, params);
    if (!c)
      continue;
    bool inThen = p->getParentRegion() == &ifOp.getThenRegion();
    if (inThen != (*c != 0))
      return true;
  }
  return false;
}

static void checkWritesInput(gpu::GPUFuncOp f, const std::vector<ParamRole> &params,
                             std::vector<IntegrityFinding> &out) {
  llvm::SmallDenseSet<int> reported;
  f.walk([&](Operation *op) {
    auto acc = getMemAccess(op);
    if (!acc || !acc->isWrite)
      return;
    if (neverRuns(op, f, params))
      return;
    int arg = argIndex(f, acc->memref);
    if (arg < 0 || arg >= (int)params.size() || params[arg].role != "input")
      return;
    if (reported.insert(arg).second)
      out.push_back({"writes-input",
                     "writes to '" + params[arg].name + "', which is not a declared output",
                     formatLoc(op->getLoc())});
  });
}

/// Integer constants of a tile size: dimensions of shared buffers and local arrays.
static std::set<int64_t> tileConstants(gpu::GPUFuncOp f) {
  std::set<int64_t> tiles;
  auto addShape = [&](Type t) {
    if (auto mt = dyn_cast<MemRefType>(t)) {
      int64_t total = 1;
      for (int64_t d : mt.getShape())
        if (!ShapedType::isDynamic(d)) {
          tiles.insert(d);
          total *= d;
        }
      tiles.insert(total);
    }
  };
  for (BlockArgument a : f.getWorkgroupAttributions())
    addShape(a.getType());
  f.walk([&](memref::AllocaOp a) { addShape(a.getType()); });
  return tiles;
}

/// True when `v` flows (through arithmetic) into a comparison, a loop bound, a
/// select condition or a memory index.
static bool reachesShapeUse(Value v, int depth = 0) {
  if (depth > 6)
    return false;
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (isa<arith::CmpIOp, scf::ForOp, scf::ConditionOp>(user))
      return true;
    if (auto acc = getMemAccess(user)) {
      for (Value i : acc->indices)
        if (i == v)
          return true;
      continue;
    }
    if (user->getDialect() && user->getDialect()->getNamespace() == "arith" &&
        user->getNumResults() == 1)
      if (reachesShapeUse(user->getResult(0), depth + 1))
        return true;
  }
  return false;
}

/// How many integer constants of each value reach a bound, an index or
/// control flow in `f`.
static std::map<int64_t, unsigned> shapeConstantUses(gpu::GPUFuncOp f) {
  std::map<int64_t, unsigned> n;
  if (!f)
    return n;
  f.walk([&](arith::ConstantOp c) {
    auto ia = dyn_cast<IntegerAttr>(c.getValue());
    if (ia && c.getType().isIntOrIndex() && reachesShapeUse(c.getResult()))
      ++n[ia.getValue().getSExtValue()];
  });
  return n;
}

static void checkHardcodedShape(const StaticCheckInput &in, std::vector<IntegrityFinding> &out) {
  gpu::GPUFuncOp f = in.candidate;
  std::set<int64_t> tiles = tileConstants(f);
  std::set<int64_t> reported;
  // A constant the original kernel already used as often (a footprint
  // computed from template parameters that happens to equal a test size) is
  // not one the repair wrote in.
  std::map<int64_t, unsigned> inOriginal = shapeConstantUses(in.original),
                              inCandidate = shapeConstantUses(f);
  f.walk([&](arith::ConstantOp c) {
    auto ia = dyn_cast<IntegerAttr>(c.getValue());
    if (!ia || !c.getType().isIntOrIndex())
      return;
    int64_t v = ia.getValue().getSExtValue();
    if (v <= 64 || !in.sizeValues.count(v) || in.launchConstants.count(v) || tiles.count(v))
      return;
    if (in.original && inCandidate[v] <= inOriginal[v])
      return;
    if (!reachesShapeUse(c.getResult()) || !reported.insert(v).second)
      return;
    out.push_back({"hardcoded-shape",
                   llvm::formatv("the constant {0} equals a test size and is used in a bound, "
                                 "an index or control flow",
                                 v)
                       .str(),
                   formatLoc(c.getLoc())});
  });
}

static void checkIgnoresInput(const StaticCheckInput &in, std::vector<IntegrityFinding> &out) {
  gpu::GPUFuncOp f = in.candidate;
  const auto &params = in.params;
  TaintAnalysis cand(f);
  auto nameBit = [&](uint64_t mask, const std::vector<std::string> &names) {
    std::set<std::string> s;
    for (unsigned i = 0; i < names.size() && i < 64; ++i)
      if (mask & (uint64_t(1) << i))
        s.insert(names[i]);
    return s;
  };
  std::vector<std::string> candNames;
  for (auto &p : params)
    candNames.push_back(p.name);
  auto isInputBuffer = [&](const std::string &name) {
    for (auto &p : params)
      if (p.name == name)
        return p.role == "input" || p.role == "inout";
    return false;
  };

  gpu::GPUFuncOp refFunc = in.reference;
  std::optional<TaintAnalysis> ref;
  if (refFunc)
    ref.emplace(refFunc);
  for (unsigned i = 0; i < params.size() && i < f.getNumArguments(); ++i) {
    if (!isOutRole(params[i].role))
      continue;
    std::set<std::string> candDeps = nameBit(outputDeps(cand, f, i), candNames);
    std::set<std::string> want;
    if (ref) {
      // The reference argument that is this output.
      for (unsigned j = 0; j < in.referenceParams.size() && j < refFunc.getNumArguments(); ++j)
        if (in.referenceParams[j] == params[i].name)
          for (auto &n : nameBit(outputDeps(*ref, refFunc, j), in.referenceParams))
            want.insert(n);
    } else {
      for (auto &p : params)
        if ((p.role == "input" || p.role == "inout") && p.name != params[i].name)
          want.insert(p.name);
      // Without a reference kernel, only flag an output that depends on no input.
      bool anyInput = llvm::any_of(candDeps, isInputBuffer);
      if (anyInput || want.empty())
        continue;
    }
    for (const std::string &w : want) {
      if (!isInputBuffer(w) || w == params[i].name || candDeps.count(w))
        continue;
      out.push_back({"ignores-input",
                     "output '" + params[i].name + "' does not depend on input '" + w + "'" +
                         (ref ? ", which the reference's does" : ""),
                     formatLoc(f.getLoc())});
    }
  }
}

static void checkSignature(const StaticCheckInput &in, std::vector<IntegrityFinding> &out) {
  gpu::GPUFuncOp cand = in.candidate, orig = in.original;
  if (!orig)
    return;
  auto ct = cand.getArgumentTypes();
  auto ot = orig.getArgumentTypes();
  auto cn = in.candidate->getAttrOfType<ArrayAttr>("kfix.arg_names");
  auto on = in.original->getAttrOfType<ArrayAttr>("kfix.arg_names");
  std::string why;
  if (ct.size() != ot.size())
    why = llvm::formatv("{0} parameters instead of {1}", ct.size(), ot.size()).str();
  else
    for (unsigned i = 0; i < ct.size() && why.empty(); ++i)
      if (ct[i] != ot[i]) {
        std::string a, b;
        llvm::raw_string_ostream(a) << ct[i];
        llvm::raw_string_ostream(b) << ot[i];
        why = llvm::formatv("parameter {0} has type {1} instead of {2}", i, a, b).str();
      }
  if (why.empty() && cn && on && cn != on)
    why = "parameter names differ";
  if (!why.empty())
    out.push_back(
        {"signature-changed", "the kernel signature changed: " + why, formatLoc(cand.getLoc())});
}

std::vector<IntegrityFinding> kfix::runStaticChecks(const StaticCheckInput &in) {
  std::vector<IntegrityFinding> out;
  if (!in.candidate)
    return out;
  checkDisallowedOps(in.candidate, out);
  if (auto m = in.candidate->getParentOfType<ModuleOp>();
      m && verifyLiftedEnabled() && failed(verifyLiftedModule(m)))
    out.push_back({"lifted-ir-contract",
                   "the candidate breaks the lifted-IR contract (kfix-verify-lifted)",
                   formatLoc(in.candidate->getLoc())});
  checkReadsOutputFirst(in.candidate, in.params, out);
  checkWritesInput(in.candidate, in.params, out);
  checkHardcodedShape(in, out);
  checkIgnoresInput(in, out);
  checkSignature(in, out);
  if (!in.originalSource.empty() && !in.candidateSource.empty()) {
    unsigned changed = countChangedLines(in.originalSource, in.candidateSource);
    if (changed > in.diffBudgetLines)
      out.push_back({"diff-too-large",
                     llvm::formatv("{0} source lines changed, over the budget of {1}", changed,
                                   in.diffBudgetLines)
                         .str(),
                     ""});
  }
  return out;
}

unsigned kfix::countChangedLines(llvm::StringRef a, llvm::StringRef b) {
  llvm::SmallVector<llvm::StringRef> la, lb;
  a.split(la, '\n');
  b.split(lb, '\n');
  // Exported sources name their temporaries t0, t1, ... in order: one new
  // temporary renumbers every later one, which is not a changed line.
  auto canon = [](llvm::StringRef s) {
    std::string out;
    s = s.trim();
    for (size_t i = 0; i < s.size();) {
      bool start = i == 0 || !(llvm::isAlnum(s[i - 1]) || s[i - 1] == '_');
      if (start && s[i] == 't' && i + 1 < s.size() && llvm::isDigit(s[i + 1])) {
        size_t j = i + 1;
        while (j < s.size() && llvm::isDigit(s[j]))
          ++j;
        if (j == s.size() || !(llvm::isAlnum(s[j]) || s[j] == '_')) {
          out += "t#";
          i = j;
          continue;
        }
      }
      out += s[i++];
    }
    return out;
  };
  std::vector<std::string> ca, cb;
  for (llvm::StringRef l : la)
    ca.push_back(canon(l));
  for (llvm::StringRef l : lb)
    cb.push_back(canon(l));
  size_t n = la.size(), m = lb.size();
  if (n * m > 4'000'000) // pathological inputs: count everything
    return n + m;
  std::vector<std::vector<unsigned>> lcs(n + 1, std::vector<unsigned>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = ca[i] == cb[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  return (n - lcs[0][0]) + (m - lcs[0][0]);
}
