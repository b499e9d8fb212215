//===- Client.cpp - OpenAI-compatible chat completions client -------------===//
//
// Compiled with -fexceptions because nlohmann_json reports errors by throwing;
// LLMClient::chat catches everything, so callers built with -fno-exceptions
// only ever see llvm::Expected values.
//
//===----------------------------------------------------------------------===//
#include "kfix/LLM/Client.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include <chrono>
#include "CurlApi.h"
#include <nlohmann/json.hpp>
#include <thread>

using namespace kfix::llm;
using ojson = nlohmann::ordered_json;

TokenUsage &TokenUsage::operator+=(const TokenUsage &other) {
  promptTokens += other.promptTokens;
  completionTokens += other.completionTokens;
  estimated |= other.estimated;
  return *this;
}

llvm::StringRef kfix::llm::getRoleName(ChatMessage::Role role) {
  switch (role) {
  case ChatMessage::Role::System:
    return "system";
  case ChatMessage::Role::User:
    return "user";
  case ChatMessage::Role::Assistant:
    return "assistant";
  }
  return "user";
}

std::optional<uint64_t> kfix::llm::parseRetryAfterMs(llvm::StringRef value) {
  value = value.trim();
  if (value.empty())
    return std::nullopt;
  double seconds;
  if (!value.getAsDouble(seconds)) {
    if (seconds < 0)
      return std::nullopt;
    return static_cast<uint64_t>(seconds * 1000.0);
  }
  std::string date = value.str();
  const CurlApi *api = getCurlApi();
  if (!api)
    return std::nullopt;
  time_t when = api->getdate(date.c_str(), nullptr);
  if (when < 0)
    return std::nullopt;
  time_t now = time(nullptr);
  return when <= now ? 0 : static_cast<uint64_t>(when - now) * 1000;
}

LLMClient::LLMClient(LLMConfig cfg, std::unique_ptr<HttpTransport> t)
    : config(std::move(cfg)), transport(std::move(t)),
      responseFormatEnabled(config.useResponseFormat), rng(config.seed) {
  if (!transport)
    transport = createCurlTransport();
  redactor.addSecret(config.apiKey);
  sleepFn = [](unsigned ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); };
}

LLMClient::~LLMClient() = default;

uint64_t LLMClient::getRemainingBudget() const {
  if (!config.tokenBudget)
    return UINT64_MAX;
  return total.total() >= config.tokenBudget ? 0 : config.tokenBudget - total.total();
}

void LLMClient::trace(const llvm::Twine &message) {
  if (log)
    *log << "llm: " << redactor.redact(message.str()) << "\n";
}

unsigned LLMClient::backoffDelayMs(unsigned retry) {
  uint64_t delay = config.backoffBaseMs;
  for (unsigned i = 0; i < retry && delay < config.backoffCapMs; ++i)
    delay *= 2;
  delay = std::min<uint64_t>(delay, config.backoffCapMs);
  // "Equal jitter": half fixed, half uniform, so waits never collapse to zero.
  uint64_t half = delay / 2;
  std::uniform_int_distribution<uint64_t> dist(0, half);
  return static_cast<unsigned>(delay - half + dist(rng));
}

namespace {

std::string snippet(llvm::StringRef text, size_t limit = 300) {
  std::string s;
  for (char c : text.take_front(limit))
    s += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  if (text.size() > limit)
    s += "...";
  return s;
}

/// The human-readable error a server put in a failed reply's body.
std::string describeErrorBody(llvm::StringRef body) {
  ojson j = ojson::parse(body.begin(), body.end(), nullptr, /*allow_exceptions=*/false);
  if (!j.is_discarded() && j.is_object()) {
    auto field = [](const ojson &obj, const char *name) -> std::string {
      auto it = obj.find(name);
      if (it == obj.end())
        return "";
      if (it->is_string())
        return it->get<std::string>();
      return it->dump();
    };
    auto err = j.find("error");
    if (err != j.end() && err->is_object()) {
      std::string m = field(*err, "message");
      if (!m.empty())
        return snippet(m);
    }
    for (const char *name : {"error", "message", "detail"}) {
      std::string m = field(j, name);
      if (!m.empty())
        return snippet(m);
    }
  }
  return body.empty() ? std::string("(empty body)") : snippet(body);
}

bool mentionsResponseFormat(llvm::StringRef body) {
  std::string lower = body.lower();
  return llvm::StringRef(lower).contains("response_format") ||
         llvm::StringRef(lower).contains("json_schema");
}

uint64_t estimateTokens(llvm::StringRef text) { return (text.size() + 3) / 4; }

} // namespace

llvm::Expected<ChatReply> LLMClient::chat(const ChatRequest &request) {
  try {
    return chatImpl(request);
  } catch (const std::exception &e) {
    return makeLLMError(LLMErrc::Internal,
                        "unexpected exception in the LLM client: " + redactor.redact(e.what()));
  } catch (...) {
    return makeLLMError(LLMErrc::Internal, "unexpected exception in the LLM client");
  }
}

llvm::Expected<ChatReply> LLMClient::chatImpl(const ChatRequest &request) {
  auto start = std::chrono::steady_clock::now();
  auto elapsedMs = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };

  if (request.messages.empty())
    return makeLLMError(LLMErrc::Config, "chat request has no messages");
  uint64_t remaining = getRemainingBudget();
  if (remaining == 0)
    return makeLLMError(LLMErrc::BudgetExhausted,
                        "token budget of " + llvm::Twine(config.tokenBudget) + " exhausted (used " +
                            llvm::Twine(total.promptTokens) + " prompt + " +
                            llvm::Twine(total.completionTokens) + " completion tokens)");
  uint64_t maxTokens = request.maxTokens.value_or(config.maxTokens);
  if (maxTokens > remaining) {
    trace("capping max_tokens " + llvm::Twine(maxTokens) + " to the " + llvm::Twine(remaining) +
          " tokens left in the budget");
    maxTokens = remaining;
  }

  ojson schema;
  if (!request.jsonSchema.empty()) {
    schema = ojson::parse(request.jsonSchema, nullptr, /*allow_exceptions=*/false);
    if (schema.is_discarded() || !schema.is_object())
      return makeLLMError(LLMErrc::Config, "the response JSON schema is not a JSON object");
  }
  bool wantFormat = !request.jsonSchema.empty() && responseFormatEnabled;

  auto buildBody = [&](bool withFormat) {
    ojson body;
    body["model"] = config.model;
    ojson messages = ojson::array();
    for (const ChatMessage &m : request.messages)
      messages.push_back({{"role", getRoleName(m.role).str()}, {"content", m.content}});
    body["messages"] = std::move(messages);
    body["temperature"] = request.temperature.value_or(config.temperature);
    body["max_tokens"] = maxTokens;
    body["stream"] = false;
    if (withFormat)
      body["response_format"] = {
          {"type", "json_schema"},
          {"json_schema", {{"name", request.schemaName}, {"strict", false}, {"schema", schema}}}};
    // Replace invalid UTF-8 in kernel text instead of throwing.
    return body.dump(-1, ' ', false, ojson::error_handler_t::replace);
  };

  HttpRequest http;
  http.url = config.baseURL + "/chat/completions";
  http.headers.push_back({"Content-Type", "application/json"});
  http.headers.push_back({"Accept", "application/json"});
  if (!config.apiKey.empty())
    http.headers.push_back({"Authorization", "Bearer " + config.apiKey});
  http.timeoutMs = config.timeoutMs;
  http.connectTimeoutMs = config.connectTimeoutMs;

  bool formatFallbackUsed = false;
  unsigned retries = 0, attempts = 0;
  std::string lastFailure;
  long lastStatus = 0;
  while (true) {
    http.body = buildBody(wantFormat);
    ++attempts;
    trace("POST " + http.url + " model=" + config.model + " messages=" +
          llvm::Twine(request.messages.size()) + " max_tokens=" + llvm::Twine(maxTokens) +
          " response_format=" + (wantFormat ? "on" : "off") + " attempt=" + llvm::Twine(attempts));
    HttpResponse r = transport->post(http);

    if (r.outcome == HttpResponse::Outcome::Replied && r.status >= 200 && r.status < 300) {
      ojson j = ojson::parse(r.body, nullptr, /*allow_exceptions=*/false);
      if (j.is_discarded() || !j.is_object())
        return makeLLMError(LLMErrc::BadResponse,
                            "HTTP " + llvm::Twine(r.status) +
                                " reply is not a JSON object: " + redactor.redact(snippet(r.body)),
                            r.status);
      auto choices = j.find("choices");
      if (choices == j.end() || !choices->is_array() || choices->empty() ||
          !(*choices)[0].is_object())
        return makeLLMError(LLMErrc::BadResponse,
                            "reply has no choices[0]: " + redactor.redact(snippet(r.body)),
                            r.status);
      const ojson &choice = (*choices)[0];
      ChatReply reply;
      if (auto fr = choice.find("finish_reason"); fr != choice.end() && fr->is_string())
        reply.finishReason = fr->get<std::string>();
      auto message = choice.find("message");
      if (message == choice.end() || !message->is_object())
        return makeLLMError(LLMErrc::BadResponse, "choices[0] has no message object", r.status);
      auto content = message->find("content");
      if (content == message->end() || !content->is_string()) {
        std::string why = "choices[0].message.content is not a string";
        if (auto refusal = message->find("refusal");
            refusal != message->end() && refusal->is_string())
          why += " (refusal: " + snippet(refusal->get<std::string>()) + ")";
        if (!reply.finishReason.empty())
          why += " (finish_reason " + reply.finishReason + ")";
        return makeLLMError(LLMErrc::BadResponse, redactor.redact(why), r.status);
      }
      reply.content = content->get<std::string>();
      if (auto m = j.find("model"); m != j.end() && m->is_string())
        reply.model = m->get<std::string>();

      auto usage = j.find("usage");
      auto count = [&](const char *name) -> std::optional<uint64_t> {
        if (usage == j.end() || !usage->is_object())
          return std::nullopt;
        auto it = usage->find(name);
        if (it == usage->end() || !it->is_number_integer() || it->get<int64_t>() < 0)
          return std::nullopt;
        return it->get<uint64_t>();
      };
      std::optional<uint64_t> prompt = count("prompt_tokens"),
                              completion = count("completion_tokens");
      if (!prompt || !completion) {
        reply.usage.estimated = true;
        uint64_t promptChars = 0;
        for (const ChatMessage &m : request.messages)
          promptChars += m.content.size();
        prompt = prompt.value_or((promptChars + 3) / 4);
        completion = completion.value_or(estimateTokens(reply.content));
      }
      reply.usage.promptTokens = *prompt;
      reply.usage.completionTokens = *completion;
      total += reply.usage;
      reply.attempts = attempts;
      reply.usedResponseFormat = wantFormat;
      reply.latencyMs = elapsedMs();
      trace("HTTP " + llvm::Twine(r.status) + " in " +
            llvm::Twine(static_cast<uint64_t>(reply.latencyMs)) +
            " ms; tokens prompt=" + llvm::Twine(reply.usage.promptTokens) +
            " completion=" + llvm::Twine(reply.usage.completionTokens) +
            (reply.usage.estimated ? " (estimated)" : "") +
            "; session total=" + llvm::Twine(total.total()));
      return reply;
    }

    bool replied = r.outcome == HttpResponse::Outcome::Replied;
    if (replied && (r.status == 400 || r.status == 422) && wantFormat && !formatFallbackUsed &&
        mentionsResponseFormat(r.body)) {
      // The server does not support structured output: drop it for the session.
      formatFallbackUsed = true;
      wantFormat = false;
      responseFormatEnabled = false;
      trace("HTTP " + llvm::Twine(r.status) +
            " rejected response_format; retrying without it for the rest of the session");
      continue;
    }

    std::string failure;
    bool retryable = false;
    LLMErrc failCode = LLMErrc::HTTPStatus;
    switch (r.outcome) {
    case HttpResponse::Outcome::Replied:
      failure = "HTTP " + std::to_string(r.status) + ": " + describeErrorBody(r.body);
      retryable = r.status == 429 || r.status == 408 || r.status >= 500;
      lastStatus = r.status;
      break;
    case HttpResponse::Outcome::Timeout:
      failure = "no reply within " + std::to_string(config.timeoutMs) + " ms: " + r.error;
      retryable = true;
      failCode = LLMErrc::Timeout;
      break;
    case HttpResponse::Outcome::ConnectError:
      failure = "connection to " + config.baseURL + " failed: " + r.error;
      retryable = true;
      failCode = LLMErrc::Transport;
      break;
    case HttpResponse::Outcome::OtherError:
      failure = "request to " + config.baseURL + " failed: " + r.error;
      failCode = LLMErrc::Transport;
      break;
    }
    failure = redactor.redact(failure);
    lastFailure = failure;
    if (!retryable)
      return makeLLMError(failCode, failure, lastStatus);
    if (retries >= config.maxRetries)
      return makeLLMError(LLMErrc::RetriesExhausted,
                          "gave up after " + llvm::Twine(attempts) + " attempt" +
                              (attempts == 1 ? "" : "s") + "; last: " + lastFailure,
                          lastStatus);

    unsigned delay = backoffDelayMs(retries);
    const char *why = "backoff";
    if (replied) {
      if (std::optional<std::string> ra = r.getHeader("retry-after")) {
        if (std::optional<uint64_t> ms = parseRetryAfterMs(*ra)) {
          if (*ms > config.maxRetryAfterMs)
            return makeLLMError(LLMErrc::RateLimited,
                                "server asked to wait " + llvm::Twine(*ms / 1000) +
                                    " s (Retry-After), more than the " +
                                    llvm::Twine(config.maxRetryAfterMs / 1000) +
                                    " s limit; last: " + lastFailure,
                                r.status);
          delay = static_cast<unsigned>(*ms);
          why = "Retry-After";
        }
      }
    }
    ++retries;
    trace(lastFailure + "; retry " + llvm::Twine(retries) + "/" + llvm::Twine(config.maxRetries) +
          " in " + llvm::Twine(delay) + " ms (" + why + ")");
    if (delay)
      sleepFn(delay);
  }
}
