//===- Placeholders.h - option placeholders of KB repair templates -*- C++ -*-===//
//
// A KB repair template's option value (or one of its alternatives) may be a
// placeholder that the planner expands against the candidate being repaired:
//
//   {site}            each diagnosed site, then "" (the option is left out)
//   {ops:a.b,c.d}     the source locations of the ops of those names
//   {int-params}      the C names of the kernel's integer scalar parameters
//   {float-params}    the C names of its floating-point scalar parameters
//   {buffer-shapes}   each buffer as NAME[d0][d1]..., the task's shape written
//                     over the kernel's scalar parameters (`:outputs`, `:inputs`)
//   {layout-mismatch} the buffer shapes that an access contradicts (IndexLayout.h)
//   {launch-block}    the task's block size, XxYxZ
//   {tile-constants}  FROM:TO tile-size constants that disagree with the block
//   {off-by-one-sites} comparisons and loops kfix-repair-off-by-one can edit,
//                     the guards of the diagnosed sites first (RepairSites.h)
//   {store-sites}     stores to kernel buffers, diagnosed sites first
//   {name:arg}        any placeholder registered with registerPlaceholder
//
// Expanders see the candidate module, the task manifest (when there is one)
// and the diagnosed sites. An expansion that yields nothing drops the actions
// that needed it. New placeholders are registered from
// registerBuiltinPlaceholders() (Placeholders.cpp) so that static linking
// cannot drop them.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_AGENT_PLACEHOLDERS_H
#define KFIX_AGENT_PLACEHOLDERS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <string>
#include <vector>

namespace kfix {

struct TaskManifest;

/// What a placeholder is expanded against.
struct PlannerContext {
  mlir::ModuleOp module;              ///< the candidate
  const TaskManifest *task = nullptr; ///< may be null (no manifest)
  std::vector<std::string> sites;     ///< diagnosed sites, best first
};

using PlaceholderExpander =
    std::function<std::vector<std::string>(const PlannerContext &, llvm::StringRef arg)>;

/// Registers (or replaces) the expander of `{name}` / `{name:arg}`.
void registerPlaceholder(llvm::StringRef name, llvm::StringRef help, PlaceholderExpander fn);

/// The expander of `name`; nullptr when none is registered.
const PlaceholderExpander *lookupPlaceholder(llvm::StringRef name);

/// (name, help) of every registered placeholder, sorted by name.
std::vector<std::pair<std::string, std::string>> listPlaceholders();

/// A one-line description of what `{name:arg}` stands for (for LLM action
/// schemas): the registered help, with the argument.
std::string placeholderHelp(llvm::StringRef name, llvm::StringRef arg);

/// Splits `{name}` / `{name:arg}`; false when `value` is not a placeholder.
bool parsePlaceholder(llvm::StringRef value, llvm::StringRef &name, llvm::StringRef &arg);

/// Distinct file:line:col of the ops named in `names` (comma-separated) in
/// `module`, in program order, at most `max`.
std::vector<std::string> findOpSites(mlir::ModuleOp module, llvm::StringRef names, unsigned max);

} // namespace kfix

#endif
