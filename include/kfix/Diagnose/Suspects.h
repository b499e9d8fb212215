//===- Suspects.h - ranking the ops that may carry a value bug --*- C++ -*-===//
//
// Instrumentation findings point at races, faults and unwritten outputs; a bug
// that only changes values (an epsilon outside a square root, an integer
// division, an f16 accumulator, a wrong reduction identity, swapped operands)
// leaves no such trace. Suspect ranking points at it instead:
//
//  1. the stores that wrote mismatching output elements (from the writes
//     instrumentation and the mismatch map; all output stores when unknown)
//     and the accesses that faulted seed a backward slice over the lifted IR:
//     SSA operands, memory (a load depends on every store to the same local,
//     shared or parameter buffer), loop-carried values and control (the
//     conditions and bounds of the enclosing ifs and loops);
//  2. every op of the slice is scored by bug-class models: IR shapes that carry
//     one known class of bug (an add of something to a sqrt/rsqrt result, an
//     integer quotient converted to float, a loop-carried f16 sum, a reduction
//     seeded with a value that is not the identity of its combine op, ...),
//     each with a prior that the failure signature raises or lowers;
//  3. the differential slice weighs the scores: ops that only reach stores of
//     wrong elements count more than ops that also reach stores whose every
//     write was right.
//
// Suspects are a ranking for a failing kernel, not findings: nothing is
// reported for a kernel that passes.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_DIAGNOSE_SUSPECTS_H
#define KFIX_DIAGNOSE_SUSPECTS_H

#include "kfix/Diagnose/SiteTable.h"
#include "kfix/Diagnose/Signature.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"
#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace kfix {

/// One suspect site: a source location, the op there, its score and why.
struct Suspect {
  std::string file;
  unsigned line = 0, col = 0;
  std::string op;   ///< the IR op (e.g. "arith.divsi"), or "__shared__ x" for a declaration
  std::string kind; ///< the bug-class model that matched ("" = only in the slice)
  double score = 0;
  std::vector<std::string> why;
  /// The edit the model would make (`operand=1 with=arg:D`), or "".
  std::string hint;

  /// "file:line:col".
  std::string loc() const;
  llvm::json::Value toJSON() const;
};

/// How many writes of a store site hit mismatching / matching output elements.
struct StoreEvidence {
  int64_t badWrites = 0, goodWrites = 0;
};

struct SuspectInput {
  /// The failure signature (tags, magnitude, pattern); may be null.
  const sig::Signature *signature = nullptr;
  /// Launch block of the failing case (0 = unknown).
  std::array<int64_t, 3> block{0, 0, 0};
  /// Launch grid of the failing case (0 = unknown).
  std::array<int64_t, 3> grid{0, 0, 0};
  /// Per kernel (kfix.name) of a task with several launches: the block and
  /// grid of its own launch at the failing case, in place of `block`/`grid`.
  std::map<std::string, std::pair<std::array<int64_t, 3>, std::array<int64_t, 3>>> launchDims;
  /// Per store location ("file:line:col") to a checked output: its writes.
  /// Empty when the kernel was not run instrumented.
  std::map<std::string, StoreEvidence> stores;
  /// Locations of faulting accesses and of error findings (races, NaN origin).
  std::vector<std::string> faultLocs, findingLocs;
  /// Locations of integer operations that overflowed (kfix-instrument-overflow).
  std::vector<std::string> overflowLocs;
  /// Locations of shared-memory reads of elements no thread of the block had
  /// written (the race detector's uninit-shared-read findings).
  std::vector<std::string> uninitReadLocs;
  /// Kernel names (kfix.name) to consider; empty = every kernel.
  std::vector<std::string> kernels;
  /// Per kernel (kfix.name): argument indices bound to checked outputs (a
  /// kernel not listed: every pointer parameter).
  std::map<std::string, std::set<unsigned>> outputArgs;
  /// Per kernel (kfix.name): for each case of `signature` (same order), the
  /// values of its scalar arguments (by argument index) that the task's
  /// expressions give at that case's sizes.
  std::map<std::string, std::vector<std::map<unsigned, double>>> caseArgs;
  size_t maxSuspects = 16;
};

/// Ranks the suspect sites of `module` (the lifted candidate), best first.
std::vector<Suspect> rankSuspects(mlir::ModuleOp module, const SuspectInput &input);

/// Counts, per store site, the writes of mismatching and matching elements of
/// the checked outputs. `masks` maps a kernel-argument index to the mismatch
/// map of the output bound there (1 = the final value is wrong).
class WriteAttribution : public TraceSink {
public:
  WriteAttribution(std::map<int32_t, std::vector<uint8_t>> masks, const SiteTable *sites)
      : masks(std::move(masks)), sites(sites) {}
  void onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                const ThreadCoord &who) override;
  /// Adds this launch's counts, keyed by the store's source location.
  void mergeInto(std::map<std::string, StoreEvidence> &out) const;

private:
  std::map<int32_t, std::vector<uint8_t>> masks;
  const SiteTable *sites;
  std::map<int64_t, StoreEvidence> perSite;
};

} // namespace kfix

#endif
