//===- ClangSetup.h - the Clang invocation used by the lifter ---*- C++ -*-===//
#ifndef KFIX_LIB_FRONTEND_CLANGSETUP_H
#define KFIX_LIB_FRONTEND_CLANGSETUP_H

#include "kfix/Frontend/ImportCUDA.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace kfix::frontend {

struct VirtualFile {
  std::string path;
  std::string contents;
};

struct ClangSetup {
  std::vector<std::string> args;  // argv, starting with "clang"
  std::vector<VirtualFile> files; // overlaid on the real file system
  std::string resourceDir;
  std::string toolkit; // empty: built-in fallback headers
};

/// KFIX_CLANG_RESOURCE_DIR from the environment, else the configured one,
/// else <bindir>/../lib/clang/<major> next to the running binary.
std::string findResourceDir();
/// The CUDA toolkit root, or "" (none, `disabled`, or KFIX_NO_CUDA_TOOLKIT).
std::string findCudaToolkit(bool disabled);
ClangSetup buildClangSetup(llvm::StringRef mainPath, llvm::StringRef source,
                           const kfix::ImportOptions &opts);

} // namespace kfix::frontend

#endif
