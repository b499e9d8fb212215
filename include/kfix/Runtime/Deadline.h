//===- Deadline.h - the wall-clock budget of the whole run -----*- C++ -*-===//
//
// `kfix debug --time-limit S` sets a process deadline; every step that can run
// long on its own (a command reference, a GPU launch in its child process)
// clamps its own timeout to what is left, so no single step outlives the budget.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_DEADLINE_H
#define KFIX_RUNTIME_DEADLINE_H

#include <chrono>
#include <optional>

namespace kfix {

/// Milliseconds of wall clock since `t` (steady clock): the one timer of
/// validation, the compile cache, the search and `kfix time`.
inline double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

/// Sets the deadline `seconds` from now (<= 0 clears it).
void setProcessDeadline(double seconds);
void clearProcessDeadline();
/// Seconds left before the deadline (may be negative); nullopt when none is set.
std::optional<double> secondsToDeadline();
/// `timeout` (0 = none) clamped to the time left, but never below `floor`
/// seconds, so a step that starts just before the deadline can still end cleanly.
double clampToDeadline(double timeout, double floor = 1.0);

} // namespace kfix

#endif
