//===- Redact.cpp - keep secrets out of logs, errors and reports ----------===//
#include "kfix/LLM/Redact.h"

#include "llvm/ADT/StringExtras.h"

using namespace kfix::llm;

void Redactor::addSecret(llvm::StringRef secret) {
  secret = secret.trim();
  if (secret.size() < 4)
    return;
  for (const std::string &s : secrets)
    if (s == secret)
      return;
  secrets.push_back(secret.str());
}

static void replaceAll(std::string &text, llvm::StringRef needle, llvm::StringRef replacement) {
  size_t pos = 0;
  while ((pos = text.find(needle.data(), pos, needle.size())) != std::string::npos) {
    text.replace(pos, needle.size(), replacement.data(), replacement.size());
    pos += replacement.size();
  }
}

static bool isTokenChar(char c) {
  return llvm::isAlnum(c) || llvm::StringRef("-._~+/=:").contains(c);
}

std::string kfix::llm::redactGeneric(llvm::StringRef input) {
  std::string text = input.str();
  // "Bearer <token>", any case.
  for (size_t pos = 0;;) {
    std::string lower = llvm::StringRef(text).lower();
    pos = lower.find("bearer ", pos);
    if (pos == std::string::npos)
      break;
    size_t start = pos + 7, end = start;
    while (end < text.size() && isTokenChar(text[end]))
      ++end;
    if (end == start || text.compare(start, end - start, Redactor::placeholder.data()) == 0) {
      pos = start;
      continue;
    }
    text.replace(start, end - start, Redactor::placeholder.str());
    pos = start + Redactor::placeholder.size();
  }
  // scheme://user:password@host
  for (size_t pos = 0;;) {
    pos = text.find("://", pos);
    if (pos == std::string::npos)
      break;
    size_t start = pos + 3, end = start;
    while (end < text.size() && text[end] != '@' && text[end] != '/' && !llvm::isSpace(text[end]) &&
           text[end] != '"')
      ++end;
    if (end < text.size() && text[end] == '@' && end > start) {
      text.replace(start, end - start, Redactor::placeholder.str());
      end = start + Redactor::placeholder.size();
    }
    pos = end;
  }
  return text;
}

std::string Redactor::redact(llvm::StringRef input) const {
  std::string text = input.str();
  for (const std::string &secret : secrets)
    replaceAll(text, secret, placeholder);
  return redactGeneric(text);
}
