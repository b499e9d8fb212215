//===- EditAxes.cpp - a launch coordinate of the wrong axis ---------------===//
//
// The `axis` edit of the vocabulary (EditVocabulary.h): a thread or block
// coordinate, or an extent of the launch, read along the wrong axis inside
// one expression (`i += BLOCK * gridDim.y` stepping a loop that starts at
// `blockIdx.x * BLOCK + threadIdx.x`, `threadIdx.x` in a row index). The
// edit names the coordinate by its kind and axes, `grid_dim.y>x`, and replaces
// it in the expression of one operand only: the same coordinate elsewhere in
// the kernel keeps its axis.
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace kfix;

namespace {

constexpr llvm::StringLiteral kPassArg = "kfix-repair-edit";

/// The kind of a launch coordinate op (`thread_id`, ...), or empty.
llvm::StringRef coordKind(Operation *o) {
  if (isa<gpu::ThreadIdOp>(o))
    return "thread_id";
  if (isa<gpu::BlockIdOp>(o))
    return "block_id";
  if (isa<gpu::BlockDimOp>(o))
    return "block_dim";
  if (isa<gpu::GridDimOp>(o))
    return "grid_dim";
  return "";
}

char axisName(gpu::Dimension d) {
  return d == gpu::Dimension::x ? 'x' : d == gpu::Dimension::y ? 'y' : 'z';
}

/// The launch coordinates operand `i` of `op` is computed from (through
/// integer arithmetic and casts, and the one definition of a local it reads,
/// at most 4 ops deep), with the ops between;
/// at most 4 coordinates, first found first.
void coordsOf(Operation *op, unsigned i, SmallVectorImpl<Operation *> &coords,
              llvm::SmallPtrSetImpl<Operation *> &tree) {
  // (value, depth, through a local)
  SmallVector<std::tuple<Value, unsigned, bool>> work{{op->getOperand(i), 0, false}};
  while (!work.empty() && coords.size() < 4) {
    auto [v, d, local] = work.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || d > 4 || !tree.insert(def).second)
      continue;
    if (!coordKind(def).empty()) {
      // Through a local, extents only: the indices kept in locals (`int c =
      // blockIdx.y;`) are many and each would add edits at every reader.
      if (!local || isa<gpu::BlockDimOp, gpu::GridDimOp>(def))
        coords.push_back(def);
      continue;
    }
    // A local defined once (`const size_t stride = blockDim.x * gridDim.y;`
    // read by `i += stride`): its definition.
    if (auto var = loadedVar(v)) {
      auto stores = storesTo(var);
      if (stores.size() == 1 && stores[0].getValue().getType().isIntOrIndex())
        work.push_back({stores[0].getValue(), d + 1, true});
      continue;
    }
    if (!def->getDialect() || def->getDialect()->getNamespace() != "arith" ||
        isa<arith::ConstantOp>(def) || def->getNumResults() != 1 ||
        !def->getResult(0).getType().isIntOrIndex())
      continue;
    for (Value o : def->getOperands())
      work.push_back({o, d + 1, local});
  }
}

} // namespace

std::vector<std::string> edit::axisEdits(Operation *op, unsigned i) {
  std::vector<std::string> out;
  if (i >= op->getNumOperands() || !op->getOperand(i).getType().isIntOrIndex())
    return out;
  SmallVector<Operation *> coords;
  llvm::SmallPtrSet<Operation *, 16> tree;
  coordsOf(op, i, coords, tree);
  for (Operation *c : coords)
    for (char to : {'x', 'y', 'z'})
      if (to != axisName(launchCoordDim(c))) {
        std::string spec = coordKind(c).str() + "." + axisName(launchCoordDim(c)) + ">" + to;
        if (llvm::find(out, spec) == out.end())
          out.push_back(spec);
      }
  return out;
}

bool edit::retargetAxis(Operation *op, unsigned i, llvm::StringRef spec) {
  auto [kind, axes] = spec.split('.');
  auto [from, to] = axes.split('>');
  auto f = parseLaunchDim(from), t = parseLaunchDim(to);
  if (!f || !t || *f == *t || i >= op->getNumOperands())
    return false;
  SmallVector<Operation *> coords;
  llvm::SmallPtrSet<Operation *, 16> tree;
  coordsOf(op, i, coords, tree);
  for (Operation *c : coords) {
    if (coordKind(c) != kind || launchCoordDim(c) != *f)
      continue;
    OpBuilder b(c);
    Operation *fresh = createLaunchCoord(b, c, *t, kPassArg);
    // Only this operand's expression reads the other axis.
    c->getResult(0).replaceUsesWithIf(fresh->getResult(0), [&](OpOperand &use) {
      return tree.contains(use.getOwner()) || (use.getOwner() == op && use.getOperandNumber() == i);
    });
    if (c->use_empty())
      c->erase();
    return true;
  }
  return false;
}
