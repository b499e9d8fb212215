//===- Npy.h - NumPy .npy files (format 1.0/2.0/3.0) for task buffers -*- C++ -*-===//
//
// Little-endian, C-order arrays of the dtypes a task uses. bfloat16 has no
// NumPy dtype: a bf16 buffer is written as '<f4' (every bf16 value is exact in
// f32); reading into a bf16 buffer rounds '<f4'/'<f8' to nearest even and takes
// '<u2' as raw bfloat16 bits (see docs/task-format.md).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_NPY_H
#define KFIX_RUNTIME_NPY_H

#include "kfix/Runtime/Buffer.h"

#include "llvm/Support/Error.h"

namespace kfix {

/// Parses the bytes of a .npy file; `name` prefixes error messages.
llvm::Expected<Buffer> parseNpy(llvm::StringRef bytes, llvm::StringRef name);
/// Reads a .npy file; the buffer has the file's dtype and shape.
llvm::Expected<Buffer> readNpy(llvm::StringRef path);

/// The .npy bytes of a buffer (format 1.0 unless the header needs 2.0).
std::string serializeNpy(const Buffer &buf);
/// Writes a .npy file atomically (temporary file + rename).
llvm::Error writeNpy(llvm::StringRef path, const Buffer &buf);

/// The NumPy descr written for a dtype ('<f4', '|u1', ...; bf16 -> '<f4').
llvm::StringRef npyDescr(DType t);

/// Converts `src` to dtype `to` element by element (as Buffer::set does; integers to
/// integers exactly with C wrap-around). A '<u2' source converted to bf16 is taken
/// as raw bfloat16 bits.
Buffer convertBuffer(const Buffer &src, DType to);

/// Writes `bytes` to `path` through a temporary file in the same directory and a
/// rename, so that `path` is never left half-written.
llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef bytes);

} // namespace kfix

#endif
