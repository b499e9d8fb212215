//===- Redact.h - keep secrets out of logs, errors and reports --*- C++ -*-===//
//
// The API key is only ever written into the Authorization header. Everything
// else the LLM layer prints (logs, error messages, recorded replies) goes
// through a Redactor, which replaces each registered secret, any
// "Bearer <token>" and any user:password@ in a URL by "[REDACTED]".
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LLM_REDACT_H
#define KFIX_LLM_REDACT_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace kfix::llm {

class Redactor {
public:
  static constexpr llvm::StringLiteral placeholder = "[REDACTED]";

  /// Registers a secret; empty strings and strings shorter than 4 characters
  /// are ignored (redacting them would mangle ordinary text).
  void addSecret(llvm::StringRef secret);
  bool hasSecrets() const { return !secrets.empty(); }

  /// `text` with every secret, bearer token and URL credential replaced.
  std::string redact(llvm::StringRef text) const;

private:
  std::vector<std::string> secrets;
};

/// Redacts only the generic patterns (bearer tokens, URL credentials).
std::string redactGeneric(llvm::StringRef text);

} // namespace kfix::llm

#endif
