//===- Finding.h - what a detector reports, serializable as JSON -*- C++ -*-===//
//
// Detectors (races, write coverage, NaN origin, coverage, probes) turn trace
// events into Findings: a kind, a message, the source sites involved (with
// file:line:col from the SiteTable) and example threads.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_DIAGNOSE_FINDING_H
#define KFIX_DIAGNOSE_FINDING_H

#include "kfix/Runtime/TraceSink.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace kfix {

/// Where a kfix op came from: its site number, what it records and the source
/// location of the construct it observes.
struct SiteInfo {
  int64_t site = -1;
  std::string op;        ///< "access", "check", "count", "probe"
  std::string detail;    ///< access/check kind, probe tag, "if"/"for"/"while" for counts
  std::string subject;   ///< checked op (nan/inf checks), e.g. "math.log"
  std::string kernel;    ///< kfix.name of the gpu.func
  std::string buffer;    ///< accessed buffer name (parameter or shared array)
  int32_t argIndex = -1; ///< parameter index for accesses to parameter buffers
  std::string file;
  unsigned line = 0, col = 0;

  /// "file:line:col", or "?" when the op had no location.
  std::string loc() const;
  llvm::json::Value toJSON() const;
};

/// One thread involved in a finding, with what it did.
struct ThreadExample {
  ThreadCoord who;
  int64_t site = -1;
  std::string role; ///< e.g. "write", "read", "first writer"
};

struct Finding {
  std::string kind;     ///< e.g. "shared-race", "global-race", "unwritten-output"
  std::string severity; ///< "error", "warning" or "info"
  std::string message;  ///< one line, with file:line:col of the sites
  std::vector<SiteInfo> sites;
  std::vector<ThreadExample> threads;
  int64_t count = 0;       ///< how many elements / events the finding covers
  llvm::json::Object data; ///< detector-specific details
};

llvm::json::Value toJSON(const ThreadCoord &who);
llvm::json::Value toJSON(const Finding &finding);
llvm::json::Value toJSON(llvm::ArrayRef<Finding> findings);

/// "(x,y,z)".
std::string formatDim3(const std::array<uint32_t, 3> &d);
/// "thread (x,y,z) of block (x,y,z)".
std::string formatThread(const ThreadCoord &who);

} // namespace kfix

#endif
