//===- KnowledgeBase.h - kb/ entries and their retrieval --------*- C++ -*-===//
//
// A KB entry ties a symptom (machine-checkable predicates over a failure
// signature) to a diagnosis and a repair (a registered pass with an option
// template, or a PDLL pattern). Entries live one per file in kb/<id>.yaml; the
// format is documented in docs/kb-format.md.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_KB_KNOWLEDGEBASE_H
#define KFIX_KB_KNOWLEDGEBASE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <string>
#include <vector>

namespace kfix {

/// `field op value`, e.g. `spatial.pattern in [tail, last-block]`. `field` is a
/// dotted path into the signature; `[]` maps over an array ("findings[].kind").
struct Symptom {
  std::string field;
  std::string op; ///< eq ne in contains exists gt ge lt le
  llvm::json::Value value = nullptr;
  double weight = 1.0;
  std::string describe() const;
};

/// A repair: a pass argument with an option template. Option values may hold
/// `{site}` (a source location chosen by the planner) and `{param:<role>}`
/// placeholders that the planner fills from the task and the diagnosis.
struct RepairTemplate {
  std::string pass;
  std::map<std::string, std::string> options;
  /// Option values to try, per option (the planner's search space).
  std::map<std::string, std::vector<std::string>> alternatives;
};

struct KBEntry {
  std::string id, title, bugClass, explanation, provenance, path;
  std::vector<Symptom> symptoms;
  std::string confirmInstrument; ///< instrumentation pass that confirms it
  std::string confirmFinding;    ///< finding kind it expects
  std::vector<RepairTemplate> repairs;
  std::string exampleBefore, exampleAfter, regressionTest;
  std::vector<std::string> keywords;
};

class KnowledgeBase {
public:
  /// Loads every *.yaml under `dir`. Errors name the file, line and field.
  static llvm::Expected<KnowledgeBase> load(llvm::StringRef dir);
  /// The default KB directory: $KFIX_KB_DIR, else <exe>/../share/kfix/kb, else
  /// the source tree's kb/.
  static std::string defaultDir(const char *argv0);

  const std::vector<KBEntry> &entries() const { return entries_; }
  const KBEntry *find(llvm::StringRef id) const;
  llvm::StringRef dir() const { return dir_; }

private:
  std::vector<KBEntry> entries_;
  std::string dir_;
};

/// Parses one entry from YAML text (`path` for error messages).
llvm::Expected<KBEntry> parseKBEntry(llvm::StringRef text, llvm::StringRef path);

/// Converts a YAML document to JSON (scalars that look like numbers or
/// booleans become numbers/booleans). Errors carry path:line:col.
llvm::Expected<llvm::json::Value> yamlToJson(llvm::StringRef text, llvm::StringRef path);

/// Evaluates a symptom against a signature.
bool evaluate(const Symptom &s, const llvm::json::Value &signature);

struct RankedEntry {
  const KBEntry *entry = nullptr;
  double score = 0;        ///< total, used for ordering
  double symptomScore = 0; ///< weighted fraction of symptoms that hold, in [0, 1]
  double textScore = 0;    ///< BM25 of the query against the entry's text
  std::vector<std::string> reasons;
};

/// Ranks every entry against a failure signature and a free-text query (the
/// kernel source and the diagnosis). Deterministic; ties broken by id.
std::vector<RankedEntry> rankEntries(const KnowledgeBase &kb, const llvm::json::Value &signature,
                                     llvm::StringRef query);

} // namespace kfix

#endif
