//===- RepairSites.h - where site-aimed repairs can apply -------*- C++ -*-===//
//
// Queries over lifted IR that tell the KB planner where a site-aimed repair
// could apply, ordered by how close each place is to the diagnosed sites.
// They expand KB option placeholders (lib/Agent/Placeholders.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_TRANSFORMS_REPAIRSITES_H
#define KFIX_TRANSFORMS_REPAIRSITES_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace kfix {

/// Source locations (file:line:col) of the ordering comparisons (`<`, `<=`,
/// `>`, `>=`) and counted loops that kfix-repair-off-by-one can edit. For each
/// diagnosed site in turn: the comparisons that decide whether the site's ops
/// run (enclosing `if`s, loop conditions, early returns), non-strict ones
/// first, then its enclosing loops, innermost first. Only when the sites
/// lead to none (or there are none): every comparison of the kernels and
/// every loop whose bound is written `x - 1` / `x + 1`, in program order. A comparison that repeats
/// an earlier one (same predicate, same operands, locals compared by name) is listed once. At most
/// `max` locations.
std::vector<std::string> offByOneSites(mlir::ModuleOp module, llvm::ArrayRef<std::string> sites,
                                       unsigned max);

/// Source locations of the stores to kernel buffers (and of stores to C
/// locals on the same lines as the diagnosed sites), diagnosed sites first,
/// then in program order: the statements whose value a swapped-operand bug
/// feeds. At most `max`.
std::vector<std::string> storeSites(mlir::ModuleOp module, llvm::ArrayRef<std::string> sites,
                                    unsigned max);

} // namespace kfix

#endif
