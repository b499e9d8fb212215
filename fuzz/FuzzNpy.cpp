//===- FuzzNpy.cpp - libFuzzer target: .npy files (parseNpy) --------------===//
//
// The input is the bytes of a .npy file (a task's `file` inputs, a reference
// command's outputs). Properties: a parsed buffer has as many bytes as its
// shape and dtype say; serializing and parsing again gives the same buffer;
// converting to every dtype keeps the element count.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "kfix/Runtime/Npy.h"

using namespace kfix;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<Buffer> b = parseNpy(fuzz::bytes(data, size), "input.npy");
  if (!b) {
    fuzz::expectMessage(b.takeError());
    return 0;
  }
  KFIX_FUZZ_CHECK(b->data.size() == size_t(b->numel()) * dtypeSize(b->dtype),
                  "buffer bytes = numel * dtype size");
  KFIX_FUZZ_CHECK(b->data.size() <= size, "a buffer is no larger than its file");
  std::string again = serializeNpy(*b);
  llvm::Expected<Buffer> b2 = parseNpy(again, "again.npy");
  KFIX_FUZZ_CHECK(bool(b2), "a serialized buffer parses again");
  if (b->dtype != DType::bf16) { // bf16 is written as '<f4'
    KFIX_FUZZ_CHECK(b2->dtype == b->dtype && b2->shape == b->shape && b2->data == b->data,
                    "serialize + parse round-trips");
  }
  if (b->numel() <= 4096)
    for (int t = 0; t <= int(DType::boolean); ++t) {
      Buffer c = convertBuffer(*b, DType(t));
      KFIX_FUZZ_CHECK(c.numel() == b->numel(), "conversion keeps the element count");
    }
  return 0;
}
