//===- Error.cpp - errors of the LLM layer --------------------------------===//
#include "kfix/LLM/Error.h"

#include "llvm/Support/raw_ostream.h"

using namespace kfix::llm;

char LLMError::ID = 0;

llvm::StringRef kfix::llm::getErrcName(LLMErrc code) {
  switch (code) {
  case LLMErrc::Config:
    return "config";
  case LLMErrc::Transport:
    return "transport";
  case LLMErrc::Timeout:
    return "timeout";
  case LLMErrc::HTTPStatus:
    return "http-status";
  case LLMErrc::RateLimited:
    return "rate-limited";
  case LLMErrc::RetriesExhausted:
    return "retries-exhausted";
  case LLMErrc::BudgetExhausted:
    return "budget-exhausted";
  case LLMErrc::BadResponse:
    return "bad-response";
  case LLMErrc::InvalidAction:
    return "invalid-action";
  case LLMErrc::Internal:
    return "internal";
  }
  return "internal";
}

void LLMError::log(llvm::raw_ostream &os) const { os << getErrcName(code) << ": " << message; }

std::error_code LLMError::convertToErrorCode() const { return llvm::inconvertibleErrorCode(); }

LLMErrorInfo kfix::llm::takeLLMError(llvm::Error err) {
  LLMErrorInfo info;
  llvm::handleAllErrors(
      std::move(err),
      [&](const LLMError &e) {
        info.code = e.getCode();
        info.message = e.getMessage().str();
        info.httpStatus = e.getHTTPStatus();
      },
      [&](const llvm::ErrorInfoBase &e) {
        info.code = LLMErrc::Internal;
        info.message = e.message();
      });
  return info;
}
