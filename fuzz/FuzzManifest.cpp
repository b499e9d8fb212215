//===- FuzzManifest.cpp - libFuzzer target: task manifests (task.json) ----===//
//
// The input is the text of a task.json: parseManifestText, as loadManifest
// calls it (file existence not checked: the fuzzer has no task directory), then every
// parameter resolved and every launch evaluated under every size binding, as
// `kfix run` does before it allocates anything.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "kfix/Runtime/Manifest.h"

using namespace kfix;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<TaskManifest> t = parseManifestText(
      fuzz::bytes(data, size), "task.json", "/nonexistent/kfix-fuzz", /*checkFiles=*/false);
  if (!t) {
    fuzz::expectMessage(t.takeError());
    return 0;
  }
  KFIX_FUZZ_CHECK(!t->sizes.empty(), "a valid manifest has a size binding");
  KFIX_FUZZ_CHECK(!t->launches.empty(), "a valid manifest has a launch");
  for (const KernelLaunch &l : t->launches)
    for (const std::string &p : l.params)
      KFIX_FUZZ_CHECK(t->findParam(p) != nullptr, "a launch names declared params");
  (void)t->candidateKernels();
  (void)t->referenceKernels();
  for (const ParamSpec &p : t->params)
    if (p.isChecked()) {
      bool exact = false;
      (void)t->toleranceFor(p, exact);
    }
  for (const Bindings &b : t->sizes) {
    if (auto r = resolveParams(*t, b))
      (void)r->size();
    else
      fuzz::expectMessage(r.takeError());
    for (const KernelLaunch &l : t->launches) {
      if (auto cfg = l.launch.eval(b))
        (void)cfg;
      else
        fuzz::expectMessage(cfg.takeError());
    }
    for (const KernelLaunch &l : t->reference.launches) {
      if (auto cfg = l.launch.eval(b))
        (void)cfg;
      else
        fuzz::expectMessage(cfg.takeError());
    }
  }
  return 0;
}
