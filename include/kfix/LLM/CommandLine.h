//===- CommandLine.h - the --llm-* flags shared by kfix subcommands -*- C++ -*-===//
//
// Subcommands that talk to an LLM (kfix debug, kfix llm-ping) construct one
// LLMCommandLineOptions inside their main() before cl::ParseCommandLineOptions;
// the flags then override the KFIX_LLM_* environment.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LLM_COMMANDLINE_H
#define KFIX_LLM_COMMANDLINE_H

#include "kfix/LLM/Client.h"

#include "llvm/Support/CommandLine.h"

namespace kfix::llm {

llvm::cl::OptionCategory &getLLMOptionCategory();

struct LLMCommandLineOptions {
  llvm::cl::opt<std::string> baseURL{
      "llm-base-url",
      llvm::cl::desc("OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1 "
                     "(default: $KFIX_LLM_BASE_URL)"),
      llvm::cl::value_desc("url"), llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<std::string> model{"llm-model",
                                   llvm::cl::desc("model name (default: $KFIX_LLM_MODEL)"),
                                   llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<std::string> apiKeyEnv{
      "llm-api-key-env",
      llvm::cl::desc("NAME of the environment variable holding the API key "
                     "(default: KFIX_LLM_API_KEY); the key itself is never a flag"),
      llvm::cl::value_desc("NAME"), llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<double> temperature{"llm-temperature", llvm::cl::desc("sampling temperature"),
                                    llvm::cl::init(0.0), llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<unsigned> maxTokens{"llm-max-tokens", llvm::cl::desc("max tokens per reply"),
                                    llvm::cl::init(2048), llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<unsigned> timeoutMs{"llm-timeout-ms", llvm::cl::desc("per-request timeout"),
                                    llvm::cl::init(120000), llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<unsigned> maxRetries{"llm-max-retries",
                                     llvm::cl::desc("retries on 429/5xx/timeouts/connection "
                                                    "errors"),
                                     llvm::cl::init(4), llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<unsigned> backoffMs{"llm-backoff-ms", llvm::cl::desc("first retry backoff"),
                                    llvm::cl::init(500), llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<unsigned> backoffCapMs{
      "llm-backoff-cap-ms", llvm::cl::desc("longest retry backoff"), llvm::cl::init(30000),
      llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<uint64_t> seed{"llm-seed", llvm::cl::desc("seed of the backoff jitter"),
                               llvm::cl::init(0), llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<uint64_t> tokenBudget{"llm-token-budget",
                                      llvm::cl::desc("total prompt+completion tokens for the "
                                                     "session (0: no limit)"),
                                      llvm::cl::init(0), llvm::cl::cat(getLLMOptionCategory())};
  llvm::cl::opt<bool> noResponseFormat{
      "llm-no-response-format",
      llvm::cl::desc("never send response_format (for servers without structured output)"),
      llvm::cl::cat(getLLMOptionCategory())};

  /// Flags given on the command line, as overrides of the environment.
  LLMConfigOverrides toOverrides() const;
};

} // namespace kfix::llm

#endif
