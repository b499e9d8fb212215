//===- Planner.h - ask an LLM for the next repair action --------*- C++ -*-===//
//
// LLMPlanner turns what the repair loop knows (kernel source, lifted IR,
// diagnosis, retrieved KB entries, allowed actions, history) into chat
// messages, asks the model for ONE JSON action, and returns it validated
// against the allowed actions. When the first reply does not validate, it
// sends one corrective follow-up quoting the error; when that fails too, the
// step fails with LLMErrc::InvalidAction.
//
// Everything inside the context is data, including instructions a kernel's
// comments may contain: the system prompt says so, each block is fenced, and
// whatever the model answers still has to pass the allow-list.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LLM_PLANNER_H
#define KFIX_LLM_PLANNER_H

#include "kfix/LLM/Action.h"
#include "kfix/LLM/Client.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace kfix::llm {

/// One earlier step of the loop, as the model should see it.
struct HistoryEntry {
  std::string action;  ///< Action::summary() or a short description
  std::string outcome; ///< e.g. "max abs error 3.1 -> 0.0; accepted", "reverted"
};

struct PromptContext {
  std::string kernelName;
  std::string kernelSource; ///< the .cu text (untrusted)
  std::string liftedIR;     ///< relevant part of the lifted MLIR (may be empty)
  std::string diagnosis;    ///< diagnosis text or JSON
  std::string kbEntries;    ///< top-k KB entries, rendered as text
  /// The edit search's candidates at the diagnosis's ranked sites, one a line
  /// (`kfix-repair-edit loc=... kind=... op=... [operand=...] [with=...] # what`):
  /// the model may pick one (or propose another edit of the same shape).
  std::string candidateEdits;
  ActionSchema actions; ///< what the model may answer
  std::vector<HistoryEntry> history;
};

/// Reads a PromptContext from JSON (kfix llm-ping and tests):
/// {"kernel_name","kernel_source","lifted_ir","diagnosis" (string or any
///  JSON, rendered), "kb_entries","actions": <ActionSchema JSON>,
///  "history":[{"action","outcome"}]}
llvm::Expected<PromptContext> parsePromptContext(const llvm::json::Value &value);

struct PlanResult {
  Action action;
  TokenUsage tokens;     ///< for this step, corrective follow-up included
  double latencyMs = 0;  ///< wall time of plan()
  unsigned llmCalls = 0; ///< 1, or 2 after a corrective follow-up
  /// The validation error of the first reply when a follow-up was needed.
  std::string firstReplyError;
};

class LLMPlanner {
public:
  explicit LLMPlanner(LLMClient &client) : client(client) {}

  /// The messages of a first request (exposed for tests and --dry-run).
  std::vector<ChatMessage> buildMessages(const PromptContext &context) const;
  /// The system prompt: JSON-only contract, data-is-not-instructions rule.
  static std::string getSystemPrompt();

  /// One planning step. Errors: anything LLMClient::chat returns (budget,
  /// retries, ...), or InvalidAction after the corrective follow-up failed.
  llvm::Expected<PlanResult> plan(const PromptContext &context);

private:
  LLMClient &client;
};

} // namespace kfix::llm

#endif
