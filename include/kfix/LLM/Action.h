//===- Action.h - the one JSON action an LLM planner may return -*- C++ -*-===//
//
// The model's reply is untrusted data. It must be exactly one JSON object of
// one of three shapes:
//
//   {"action":"apply_pass","pass":"kfix-repair-xyz","options":{...},"rationale":"..."}
//   {"action":"patch","diff":"<unified diff against the .cu>","rationale":"..."}
//   {"action":"give_up","reason":"..."}
//
// `pass` must be in the caller's allow-list and `options` must match that
// pass's option schema (names, types, enums, ranges). Parsing is lenient about
// wrapping (```json fences, leading prose); validation is strict (unknown
// fields, wrong types and unknown actions are errors). Nothing in an action is
// ever executed: a pass name selects one of the caller's passes, a diff is
// applied to a string by applyUnifiedDiff().
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LLM_ACTION_H
#define KFIX_LLM_ACTION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kfix::llm {

enum class OptionType { Bool, Int, Float, String, Enum };
llvm::StringRef getOptionTypeName(OptionType type);

/// One option of a repair pass, as the model may set it.
struct OptionSpec {
  std::string name;
  OptionType type = OptionType::String;
  std::vector<std::string> enumValues;   ///< Enum only
  std::optional<int64_t> minInt, maxInt; ///< Int only
  bool required = false;
  std::string description;
};

/// A pass the model may choose, with its options.
struct PassSpec {
  std::string name; ///< the pass argument, e.g. kfix-repair-bounds-guard
  std::string description;
  std::vector<OptionSpec> options;
  const OptionSpec *findOption(llvm::StringRef name) const;
};

/// What the caller allows in this step.
struct ActionSchema {
  std::vector<PassSpec> passes;
  bool allowPatch = true;
  bool allowGiveUp = true;
  size_t maxDiffBytes = 64 * 1024;
  size_t maxTextBytes = 4096; ///< rationale / reason
  const PassSpec *findPass(llvm::StringRef name) const;
};

enum class ActionKind { ApplyPass, Patch, GiveUp };
llvm::StringRef getActionKindName(ActionKind kind); ///< "apply_pass", ...

/// A validated action.
struct Action {
  ActionKind kind = ActionKind::GiveUp;
  std::string pass; ///< ApplyPass: an allowed pass name
  /// ApplyPass: validated options, in the order of the pass's OptionSpecs.
  /// Values are bool / int64 / double / string (enum values are strings).
  std::vector<std::pair<std::string, llvm::json::Value>> options;
  std::string diff;      ///< Patch
  std::string rationale; ///< ApplyPass, Patch (may be empty)
  std::string reason;    ///< GiveUp

  /// `kfix-repair-xyz{a=1 b=true}` for mlir::parsePassPipeline. Option values
  /// were restricted at validation so they cannot break out of the braces.
  std::string toPassPipeline() const;
  /// The canonical JSON form (what the planner records in its history).
  llvm::json::Value toJSON() const;
  /// One line for logs and reports, e.g. `apply_pass kfix-repair-x{a=1}`.
  std::string summary() const;
};

/// Finds the single JSON object in a reply: strips ```json fences and leading
/// prose, and fails when there is no object, when it is unterminated, or when
/// a second object follows it.
llvm::Expected<std::string> extractJSONObject(llvm::StringRef reply);

/// extractJSONObject + JSON parse + validateAction. Errors are plain
/// llvm::StringError messages meant to be quoted back to the model.
llvm::Expected<Action> parseAction(llvm::StringRef reply, const ActionSchema &schema);

/// Strict validation of a parsed JSON value against the schema.
llvm::Expected<Action> validateAction(const llvm::json::Value &value, const ActionSchema &schema);

/// JSON Schema (draft 2020-12 subset understood by OpenAI/vLLM/llama.cpp) of
/// the allowed actions, for response_format.
llvm::json::Value buildActionJSONSchema(const ActionSchema &schema);

/// A plain-text description of the allowed actions and pass options, for the
/// prompt.
std::string describeActions(const ActionSchema &schema);

/// Reads an ActionSchema from JSON:
/// {"passes":[{"name":..,"description":..,"options":[{"name":..,"type":"int",
///   "enum":[..],"min":..,"max":..,"required":..,"description":..}]}],
///  "allow_patch":true,"allow_give_up":true}
llvm::Expected<ActionSchema> parseActionSchema(const llvm::json::Value &value);

} // namespace kfix::llm

#endif
