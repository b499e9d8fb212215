//===- Client.h - OpenAI-compatible chat completions client -----*- C++ -*-===//
//
// A small client for `POST {base_url}/chat/completions`, the protocol spoken by
// OpenAI, vLLM, llama.cpp's server, Ollama and SGLang. It adds what a repair
// loop needs around one HTTP call: retries with seeded, capped exponential
// backoff (honoring Retry-After), a per-request timeout, a session token
// budget fed from each reply's `usage`, and a fallback that drops
// `response_format` for the rest of the session when the server rejects it.
//
// Errors are values (llvm::Expected<...> holding an LLMError); no exception
// ever leaves this library, although it is compiled with -fexceptions for
// nlohmann_json. The API key only reaches the Authorization header.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LLM_CLIENT_H
#define KFIX_LLM_CLIENT_H

#include "kfix/LLM/Error.h"
#include "kfix/LLM/Redact.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace kfix::llm {

/// Where the client sends requests and how patient it is. Built by
/// resolveLLMConfig() from flags and the environment.
struct LLMConfig {
  std::string baseURL; ///< e.g. http://127.0.0.1:8000/v1 (no trailing /chat/completions)
  std::string model;
  /// NAME of the environment variable that holds the API key.
  std::string apiKeyEnv = "KFIX_LLM_API_KEY";
  /// The key itself, read from apiKeyEnv; never printed. Empty: no
  /// Authorization header (local servers usually need none).
  std::string apiKey;

  double temperature = 0.0;
  unsigned maxTokens = 2048;   ///< per reply; capped by the remaining budget
  unsigned timeoutMs = 120000; ///< per HTTP request, connection included
  unsigned connectTimeoutMs = 10000;
  unsigned maxRetries = 4;           ///< retries after the first attempt
  unsigned backoffBaseMs = 500;      ///< first backoff; doubles per retry
  unsigned backoffCapMs = 30000;     ///< no backoff is longer than this
  unsigned maxRetryAfterMs = 120000; ///< a longer Retry-After is a RateLimited error
  uint64_t seed = 0;                 ///< jitter PRNG seed (runs are reproducible)
  uint64_t tokenBudget = 0;          ///< prompt + completion tokens per session; 0 = none
  bool useResponseFormat = true;     ///< send response_format json_schema when given one
};

/// Command-line/programmatic overrides; an empty/unset field falls back to the
/// environment (KFIX_LLM_BASE_URL, KFIX_LLM_MODEL, KFIX_LLM_API_KEY_ENV) and
/// then to LLMConfig's defaults.
struct LLMConfigOverrides {
  std::string baseURL, model, apiKeyEnv;
  std::optional<double> temperature;
  std::optional<unsigned> maxTokens, timeoutMs, maxRetries, backoffBaseMs, backoffCapMs;
  std::optional<uint64_t> seed, tokenBudget;
  std::optional<bool> useResponseFormat;
};

/// Looks an environment variable up; std::nullopt when unset. Injectable so
/// tests do not touch the process environment.
using EnvLookup = std::function<std::optional<std::string>(llvm::StringRef)>;
EnvLookup processEnvironment();

/// Fills a config. Fails (LLMErrc::Config) when no base URL or model is given,
/// when the URL is not http(s), or when --llm-api-key-env names an unset
/// variable explicitly. The default key variable may be unset.
llvm::Expected<LLMConfig> resolveLLMConfig(const LLMConfigOverrides &overrides,
                                           const EnvLookup &env = processEnvironment());

//===----------------------------------------------------------------------===//
// Transport: one HTTP POST. The curl implementation is the real one; tests can
// supply their own.
//===----------------------------------------------------------------------===//

struct HttpRequest {
  std::string url;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  unsigned timeoutMs = 0;
  unsigned connectTimeoutMs = 0;
};

struct HttpResponse {
  enum class Outcome { Replied, Timeout, ConnectError, OtherError };
  Outcome outcome = Outcome::OtherError;
  long status = 0;
  /// Header names lower-cased.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  std::string error; ///< transport error text when outcome != Replied

  std::optional<std::string> getHeader(llvm::StringRef lowerName) const;
};

class HttpTransport {
public:
  virtual ~HttpTransport();
  virtual HttpResponse post(const HttpRequest &request) = 0;
};

/// libcurl-backed transport: no redirects (the key must not follow one to
/// another host), http/https only, no signals.
std::unique_ptr<HttpTransport> createCurlTransport();

//===----------------------------------------------------------------------===//
// Chat
//===----------------------------------------------------------------------===//

struct ChatMessage {
  enum class Role { System, User, Assistant };
  Role role;
  std::string content;
};
llvm::StringRef getRoleName(ChatMessage::Role role);

struct ChatRequest {
  std::vector<ChatMessage> messages;
  /// JSON Schema text for response_format {"type":"json_schema",...}; empty:
  /// no response_format. Must parse as a JSON object.
  std::string jsonSchema;
  std::string schemaName = "kfix_action";
  std::optional<double> temperature; ///< overrides LLMConfig::temperature
  std::optional<unsigned> maxTokens; ///< overrides LLMConfig::maxTokens
};

struct TokenUsage {
  uint64_t promptTokens = 0;
  uint64_t completionTokens = 0;
  /// True when some reply had no `usage` and its share was estimated (chars/4).
  bool estimated = false;
  uint64_t total() const { return promptTokens + completionTokens; }
  TokenUsage &operator+=(const TokenUsage &other);
};

struct ChatReply {
  std::string content;      ///< choices[0].message.content (untrusted data)
  std::string finishReason; ///< choices[0].finish_reason, may be empty
  std::string model;        ///< as reported by the server
  TokenUsage usage;
  double latencyMs = 0;  ///< wall time of chat(), retries and waits included
  unsigned attempts = 0; ///< HTTP requests sent for this reply
  bool usedResponseFormat = false;
};

class LLMClient {
public:
  /// `transport` defaults to createCurlTransport().
  explicit LLMClient(LLMConfig config, std::unique_ptr<HttpTransport> transport = nullptr);
  ~LLMClient();

  /// Sends one chat completion request, with retries. Errors: Timeout and
  /// Transport/HTTPStatus come back only as the last cause inside
  /// RetriesExhausted when retries were allowed; BudgetExhausted before any
  /// request when the budget is spent; HTTPStatus for non-retryable statuses;
  /// BadResponse for a 200 that is not a chat completion.
  llvm::Expected<ChatReply> chat(const ChatRequest &request);

  const LLMConfig &getConfig() const { return config; }
  /// Tokens charged so far in this session.
  const TokenUsage &getTotalUsage() const { return total; }
  /// Tokens left under the budget; UINT64_MAX when there is no budget.
  uint64_t getRemainingBudget() const;
  /// False once the server has rejected response_format in this session.
  bool isResponseFormatEnabled() const { return responseFormatEnabled; }
  const Redactor &getRedactor() const { return redactor; }

  /// A trace of requests, retries and replies, redacted. Off by default.
  void setLog(llvm::raw_ostream *os) { log = os; }
  /// How the client waits between retries (tests record instead of sleeping).
  void setSleepFunction(std::function<void(unsigned ms)> fn) { sleepFn = std::move(fn); }

private:
  llvm::Expected<ChatReply> chatImpl(const ChatRequest &request);
  void trace(const llvm::Twine &message);
  unsigned backoffDelayMs(unsigned retry);

  LLMConfig config;
  std::unique_ptr<HttpTransport> transport;
  Redactor redactor;
  TokenUsage total;
  bool responseFormatEnabled;
  std::mt19937_64 rng;
  llvm::raw_ostream *log = nullptr;
  std::function<void(unsigned)> sleepFn;
};

/// Parses a Retry-After value (delta seconds or an HTTP-date) into
/// milliseconds from now; std::nullopt when it is neither.
std::optional<uint64_t> parseRetryAfterMs(llvm::StringRef value);

} // namespace kfix::llm

#endif
