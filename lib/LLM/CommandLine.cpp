//===- CommandLine.cpp - the --llm-* flags shared by kfix subcommands -----===//
#include "kfix/LLM/CommandLine.h"

using namespace kfix::llm;

llvm::cl::OptionCategory &kfix::llm::getLLMOptionCategory() {
  static llvm::cl::OptionCategory category("LLM planner options");
  return category;
}

LLMConfigOverrides LLMCommandLineOptions::toOverrides() const {
  LLMConfigOverrides o;
  o.baseURL = baseURL;
  o.model = model;
  o.apiKeyEnv = apiKeyEnv;
  if (temperature.getNumOccurrences())
    o.temperature = temperature;
  if (maxTokens.getNumOccurrences())
    o.maxTokens = maxTokens;
  if (timeoutMs.getNumOccurrences())
    o.timeoutMs = timeoutMs;
  if (maxRetries.getNumOccurrences())
    o.maxRetries = maxRetries;
  if (backoffMs.getNumOccurrences())
    o.backoffBaseMs = backoffMs;
  if (backoffCapMs.getNumOccurrences())
    o.backoffCapMs = backoffCapMs;
  if (seed.getNumOccurrences())
    o.seed = seed;
  if (tokenBudget.getNumOccurrences())
    o.tokenBudget = tokenBudget;
  if (noResponseFormat)
    o.useResponseFormat = false;
  return o;
}
