//===- FuzzPatch.cpp - libFuzzer target: the unified-diff applier ---------===//
//
// The input is a kernel source, a line `=====`, and a unified diff (the LLM
// planner's `patch` action). Without the separator line the whole input is
// the diff, applied to a fixed kernel. Applied with and without strict hunk
// counts. Properties: hunksOffset <= hunksApplied; a diff that applies with
// strict counts applies without them and gives the same text.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "kfix/LLM/Patch.h"

using namespace kfix;
using namespace kfix::llm;

static const char *kKernel = R"(__global__ void scale(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = 2.0f * x[i];
}
)";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef in = fuzz::bytes(data, size);
  llvm::StringRef original, diff;
  if (!fuzz::splitAt(in, "=====", original, diff)) {
    original = kKernel;
    diff = in;
  }
  PatchOptions lenient;
  lenient.maxOffset = 64;
  llvm::Expected<PatchResult> r = applyUnifiedDiff(original, diff, lenient);
  if (r)
    KFIX_FUZZ_CHECK(r->hunksOffset <= r->hunksApplied, "offset hunks are applied hunks");
  else
    fuzz::expectMessage(r.takeError());
  PatchOptions strict = lenient;
  strict.strictCounts = true;
  llvm::Expected<PatchResult> s = applyUnifiedDiff(original, diff, strict);
  if (s) {
    KFIX_FUZZ_CHECK(bool(r), "a diff that applies strictly applies leniently");
    KFIX_FUZZ_CHECK(r->text == s->text, "strict and lenient give the same text");
  } else {
    fuzz::expectMessage(s.takeError());
  }
  return 0;
}
