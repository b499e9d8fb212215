//===- Config.cpp - LLM endpoint configuration from flags and env ---------===//
#include "kfix/LLM/Client.h"

#include "llvm/ADT/StringExtras.h"
#include <cstdlib>

using namespace kfix::llm;

EnvLookup kfix::llm::processEnvironment() {
  return [](llvm::StringRef name) -> std::optional<std::string> {
    std::string key = name.str();
    if (const char *v = std::getenv(key.c_str()))
      return std::string(v);
    return std::nullopt;
  };
}

static bool isValidEnvName(llvm::StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

llvm::Expected<LLMConfig> kfix::llm::resolveLLMConfig(const LLMConfigOverrides &o,
                                                      const EnvLookup &env) {
  LLMConfig c;
  auto pick = [&](const std::string &flag, llvm::StringRef var) -> std::string {
    if (!flag.empty())
      return flag;
    if (std::optional<std::string> v = env(var))
      return llvm::StringRef(*v).trim().str();
    return "";
  };
  c.baseURL = pick(o.baseURL, "KFIX_LLM_BASE_URL");
  c.model = pick(o.model, "KFIX_LLM_MODEL");
  if (c.baseURL.empty())
    return makeLLMError(LLMErrc::Config, "no LLM endpoint: set KFIX_LLM_BASE_URL or "
                                         "--llm-base-url (e.g. http://127.0.0.1:8000/v1)");
  llvm::StringRef url = c.baseURL;
  if (!url.starts_with("http://") && !url.starts_with("https://"))
    return makeLLMError(LLMErrc::Config, "LLM base URL '" + redactGeneric(url) +
                                             "' must start with http:// or https://");
  while (url.ends_with("/"))
    url = url.drop_back();
  if (url.ends_with("/chat/completions"))
    url = url.drop_back(llvm::StringRef("/chat/completions").size());
  c.baseURL = url.str();
  if (c.model.empty())
    return makeLLMError(LLMErrc::Config, "no LLM model: set KFIX_LLM_MODEL or --llm-model");

  bool explicitKeyEnv = !o.apiKeyEnv.empty();
  std::string keyEnv = pick(o.apiKeyEnv, "KFIX_LLM_API_KEY_ENV");
  if (!keyEnv.empty()) {
    explicitKeyEnv = true;
    c.apiKeyEnv = keyEnv;
  }
  if (!isValidEnvName(c.apiKeyEnv))
    // Do not echo the value: a user may have passed the key itself.
    return makeLLMError(LLMErrc::Config, "the value given for the API key variable is not an "
                                         "environment variable name (--llm-api-key-env and "
                                         "KFIX_LLM_API_KEY_ENV take the NAME of the variable "
                                         "holding the key, never the key)");
  if (std::optional<std::string> key = env(c.apiKeyEnv))
    c.apiKey = llvm::StringRef(*key).trim().str();
  else if (explicitKeyEnv)
    return makeLLMError(LLMErrc::Config, "the API key variable " + c.apiKeyEnv +
                                             " named by --llm-api-key-env is not set");

  if (o.temperature) {
    if (*o.temperature < 0 || *o.temperature > 2)
      return makeLLMError(LLMErrc::Config, "temperature must be in [0, 2]");
    c.temperature = *o.temperature;
  }
  if (o.maxTokens) {
    if (*o.maxTokens == 0)
      return makeLLMError(LLMErrc::Config, "max tokens must be positive");
    c.maxTokens = *o.maxTokens;
  }
  if (o.timeoutMs) {
    if (*o.timeoutMs == 0)
      return makeLLMError(LLMErrc::Config, "timeout must be positive");
    c.timeoutMs = *o.timeoutMs;
    c.connectTimeoutMs = std::min(c.connectTimeoutMs, c.timeoutMs);
  }
  if (o.maxRetries)
    c.maxRetries = *o.maxRetries;
  if (o.backoffBaseMs)
    c.backoffBaseMs = *o.backoffBaseMs;
  if (o.backoffCapMs)
    c.backoffCapMs = *o.backoffCapMs;
  if (c.backoffCapMs < c.backoffBaseMs)
    c.backoffCapMs = c.backoffBaseMs;
  if (o.seed)
    c.seed = *o.seed;
  if (o.tokenBudget)
    c.tokenBudget = *o.tokenBudget;
  if (o.useResponseFormat)
    c.useResponseFormat = *o.useResponseFormat;
  return c;
}
