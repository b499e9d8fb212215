//===- FuzzCUDA.cpp - libFuzzer target: the CUDA lifter (importCUDASource) -===//
//
// The input is a .cu file. It is lifted with kfix's built-in CUDA fallback
// headers (no toolkit: deterministic and faster); a lifted module must verify
// and print. Inputs that Clang rejects are fine, as long as the lifter says so
// (an error message) instead of crashing. The mutator (CUDAMutator.cpp) edits
// the source token by token with CUDA's vocabulary, which keeps much more of
// it parseable than byte flips do.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "kfix/Frontend/ImportCUDA.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace kfix;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef source = fuzz::bytes(data, size);
  // A NUL inside the source ends Clang's buffer early; keep the fuzzer's
  // effort on text.
  if (source.contains('\0'))
    return 0;
  mlir::MLIRContext ctx(mlir::MLIRContext::Threading::DISABLED);
  ImportOptions opts;
  opts.noCudaToolkit = true;
  std::string errors;
  mlir::OwningOpRef<mlir::ModuleOp> m =
      importCUDASource(ctx, "/__kfix_fuzz__/kernel.cu", source, opts, errors);
  if (!m) {
    KFIX_FUZZ_CHECK(!errors.empty(), "a failed lift says why");
    return 0;
  }
  KFIX_FUZZ_CHECK(mlir::succeeded(mlir::verify(*m)), "a lifted module verifies");
  std::string text;
  llvm::raw_string_ostream os(text);
  m->print(os);
  return 0;
}
