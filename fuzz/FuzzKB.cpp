//===- FuzzKB.cpp - libFuzzer target: knowledge-base entries (kb/*.yaml) ---===//
//
// The input is the text of a KB entry. yamlToJson, then parseKBEntry; every
// symptom of a parsed entry is evaluated against a fixed failure signature
// (dotted paths, `[]` maps over arrays) and described.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "kfix/KB/KnowledgeBase.h"

using namespace kfix;

static const char *kSignature = R"({
  "pattern": "tail", "magnitude": "zero", "top_suspect_kind": "bounds-guard",
  "spatial": {"pattern": "tail", "fraction": 0.25, "rows": [1, 2, 3]},
  "precision": {"fp16": true, "max_rel": 1e-3},
  "sizes": {"failing": ["N=1000"], "passing": []},
  "faults": [{"kind": "out-of-bounds", "site": "k.cu:3:5"}],
  "findings": [{"kind": "shared-race", "count": 3}, {"kind": "unwritten-output"}],
  "wrong_fraction": 0.5, "nested": [[{"kind": "x"}]], "empty": {}
})";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const llvm::json::Value signature = *llvm::json::parse(kSignature);
  llvm::StringRef text = fuzz::bytes(data, size);
  if (auto j = yamlToJson(text, "entry.yaml"))
    (void)j;
  else
    fuzz::expectMessage(j.takeError());
  llvm::Expected<KBEntry> e = parseKBEntry(text, "entry.yaml");
  if (!e) {
    fuzz::expectMessage(e.takeError());
    return 0;
  }
  KFIX_FUZZ_CHECK(!e->id.empty(), "a parsed entry has an id");
  for (const Symptom &s : e->symptoms) {
    (void)s.describe();
    (void)evaluate(s, signature);
  }
  return 0;
}
