//===- LLMPlannerAdapter.h - the LLM planner in the repair loop -*- C++ -*-===//
#ifndef KFIX_AGENT_LLMPLANNERADAPTER_H
#define KFIX_AGENT_LLMPLANNERADAPTER_H

#include "kfix/Agent/Search.h"
#include "kfix/KB/KnowledgeBase.h"
#include "kfix/LLM/Planner.h"

namespace kfix {

/// The allowed pass actions: every repair pass the KB uses, with the options
/// its templates name.
llm::ActionSchema actionSchemaFromKB(const KnowledgeBase &kb);

class LLMPlannerAdapter : public Planner {
public:
  LLMPlannerAdapter(std::unique_ptr<llm::LLMClient> client, const KnowledgeBase &kb,
                    std::string kernelName);
  llvm::StringRef name() const override { return "llm"; }
  std::vector<Action> propose(const SearchState &state,
                              const std::vector<std::string> &tried) override;
  bool incremental() const override { return true; }
  uint64_t promptTokens() const override;
  uint64_t completionTokens() const override;
  std::string stopReason() const override { return stop; }
  void observe(const Action &a, const Evaluation &before, const Evaluation &after,
               bool kept) override;

private:
  std::unique_ptr<llm::LLMClient> client;
  llm::LLMPlanner planner;
  const KnowledgeBase &kb;
  std::string kernelName;
  llm::ActionSchema schema;
  std::vector<llm::HistoryEntry> history;
  std::string stop;
};

} // namespace kfix

#endif
