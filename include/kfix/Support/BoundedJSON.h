//===- BoundedJSON.h - llvm::json::parse with a nesting limit ---*- C++ -*-===//
//
// llvm::json::parse recurses once per nested array or object, so a document
// of 100000 '[' (a few hundred KiB) overflows the stack. Every JSON text kfix
// reads from outside (task manifests, LLM replies) goes through
// parseBoundedJSON, which first checks the nesting depth in one pass and
// rejects a deeper document with a precise error (found by fuzz/).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_SUPPORT_BOUNDEDJSON_H
#define KFIX_SUPPORT_BOUNDEDJSON_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace kfix {

/// Far deeper than any JSON kfix reads (manifests nest 4 levels, actions 3).
constexpr unsigned kMaxJSONDepth = 256;

/// The byte offset of the first '[' or '{' (outside strings) that opens level
/// maxDepth + 1, or StringRef::npos when the text nests at most maxDepth deep.
inline size_t findJSONDepthExcess(llvm::StringRef text, unsigned maxDepth = kMaxJSONDepth) {
  unsigned depth = 0;
  bool inString = false, escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth)
        return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return llvm::StringRef::npos;
}

/// llvm::json::parse, after checking that the text nests at most maxDepth deep.
inline llvm::Expected<llvm::json::Value> parseBoundedJSON(llvm::StringRef text,
                                                          unsigned maxDepth = kMaxJSONDepth) {
  size_t at = findJSONDepthExcess(text, maxDepth);
  if (at != llvm::StringRef::npos)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   (llvm::Twine("arrays and objects nested more than ") +
                                    llvm::Twine(maxDepth) + " deep (at byte " + llvm::Twine(at) +
                                    ")")
                                       .str());
  return llvm::json::parse(text);
}

} // namespace kfix

#endif
