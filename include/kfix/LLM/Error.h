//===- Error.h - errors of the LLM layer ------------------------*- C++ -*-===//
//
// Every failure of the LLM layer is an llvm::Error holding an LLMError: a
// stable code (named in reports and tests) and a message that has already been
// passed through the client's redactor, so it never carries the API key.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LLM_ERROR_H
#define KFIX_LLM_ERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace kfix::llm {

enum class LLMErrc {
  Config,           ///< missing base URL / model, bad flag values
  Transport,        ///< connection refused, DNS, TLS: no HTTP reply at all
  Timeout,          ///< the per-request timeout expired
  HTTPStatus,       ///< a non-retryable HTTP status (401, 404, 400, ...)
  RateLimited,      ///< 429 whose Retry-After exceeds what we are willing to wait
  RetriesExhausted, ///< retryable failures until the retry limit
  BudgetExhausted,  ///< the session's token budget is spent
  BadResponse,      ///< HTTP 200 whose body is not a chat completion
  InvalidAction,    ///< the model's reply failed the action schema twice
  Internal,         ///< an unexpected exception caught at the library boundary
};

/// The stable kebab-case name of a code, e.g. "retries-exhausted".
llvm::StringRef getErrcName(LLMErrc code);

class LLMError : public llvm::ErrorInfo<LLMError> {
public:
  static char ID;
  LLMError(LLMErrc code, std::string message, long httpStatus = 0)
      : code(code), message(std::move(message)), httpStatus(httpStatus) {}

  LLMErrc getCode() const { return code; }
  llvm::StringRef getMessage() const { return message; }
  /// The last HTTP status seen, 0 when there was none.
  long getHTTPStatus() const { return httpStatus; }

  /// Prints "<code-name>: <message>".
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

private:
  LLMErrc code;
  std::string message;
  long httpStatus;
};

inline llvm::Error makeLLMError(LLMErrc code, const llvm::Twine &message, long httpStatus = 0) {
  return llvm::make_error<LLMError>(code, message.str(), httpStatus);
}

/// What an error holds, flattened; consumes the error. A foreign error (not an
/// LLMError) comes back as Internal with its message.
struct LLMErrorInfo {
  LLMErrc code = LLMErrc::Internal;
  std::string message;
  long httpStatus = 0;
};
LLMErrorInfo takeLLMError(llvm::Error err);

} // namespace kfix::llm

#endif
