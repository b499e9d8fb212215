//===- MemoryBudget.h - allocations checked against what the machine has -*- C++ -*-===//
//
// Task sizes come from users and from held-out scaling; a size that asks for more
// memory than the machine has must be a named error, not std::bad_alloc. Every
// place that sizes host buffers from a task asks here first.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_MEMORYBUDGET_H
#define KFIX_RUNTIME_MEMORYBUDGET_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>

namespace kfix {

/// Bytes this process may still allocate on the host: the smaller of the
/// kernel's MemAvailable and what the address-space / data rlimits leave.
/// KFIX_HOST_MEMORY_LIMIT (bytes, or with a K/M/G suffix) caps it further.
/// nullopt where nothing is known (no /proc, no limit).
std::optional<uint64_t> availableHostBytes();

/// "1.5 GiB", "512 MiB", "37 KiB", "12 B".
std::string formatBytes(uint64_t bytes);

/// Success when `bytes` fit in availableHostBytes(); otherwise an error
/// "WHAT needs N of host memory, M available".
llvm::Error checkHostBytes(uint64_t bytes, const llvm::Twine &what);

/// numel * elementSize, or nullopt when a dimension is negative or the product
/// does not fit in 63 bits.
std::optional<uint64_t> bufferBytes(const std::vector<int64_t> &shape, size_t elementSize);

} // namespace kfix

#endif
