//===- FuzzCommon.h - helpers shared by kfix's libFuzzer targets -*- C++ -*-===//
//
// Every target feeds untrusted bytes to one parser and then checks properties
// that must hold for any input (a parse that succeeds round-trips, a reported
// error has a message). A violated property aborts, which libFuzzer reports
// like a crash. See docs/fuzzing.md.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_FUZZ_FUZZCOMMON_H
#define KFIX_FUZZ_FUZZCOMMON_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#define KFIX_FUZZ_CHECK(cond, what)                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::fprintf(stderr, "kfix fuzz property violated: %s (%s) at %s:%d\n", what, #cond,         \
                   __FILE__, __LINE__);                                                            \
      std::abort();                                                                                \
    }                                                                                              \
  } while (0)

namespace kfix::fuzz {

inline llvm::StringRef bytes(const uint8_t *data, size_t size) {
  return llvm::StringRef(reinterpret_cast<const char *>(data), size);
}

/// Consumes an error, requiring it to carry a non-empty message (every parser
/// error is meant to say what is wrong).
inline void expectMessage(llvm::Error e) {
  std::string msg = llvm::toString(std::move(e));
  KFIX_FUZZ_CHECK(!msg.empty(), "an error without a message");
}

/// Splits `in` at the first line that is exactly `sep` (the two-part inputs of
/// the patch and action targets). Returns false when there is no such line.
inline bool splitAt(llvm::StringRef in, llvm::StringRef sep, llvm::StringRef &first,
                    llvm::StringRef &second) {
  std::string needle = "\n" + sep.str() + "\n";
  if (in.starts_with(sep.str() + "\n")) {
    first = "";
    second = in.drop_front(sep.size() + 1);
    return true;
  }
  size_t at = in.find(needle);
  if (at == llvm::StringRef::npos)
    return false;
  first = in.take_front(at + 1);
  second = in.drop_front(at + needle.size());
  return true;
}

} // namespace kfix::fuzz

#endif
