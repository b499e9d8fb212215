//===- Deadline.cpp - the wall-clock budget of the whole run --------------===//
#include "kfix/Runtime/Deadline.h"

#include <algorithm>
#include <atomic>
#include <chrono>

using namespace kfix;
using Clock = std::chrono::steady_clock;

// Nanoseconds since the clock's epoch; 0 = no deadline.
static std::atomic<int64_t> gDeadlineNs{0};

static int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
      .count();
}

void kfix::setProcessDeadline(double seconds) {
  if (seconds <= 0) {
    clearProcessDeadline();
    return;
  }
  gDeadlineNs = nowNs() + static_cast<int64_t>(seconds * 1e9);
}

void kfix::clearProcessDeadline() { gDeadlineNs = 0; }

std::optional<double> kfix::secondsToDeadline() {
  int64_t d = gDeadlineNs.load();
  if (!d)
    return std::nullopt;
  return static_cast<double>(d - nowNs()) / 1e9;
}

double kfix::clampToDeadline(double timeout, double floor) {
  std::optional<double> left = secondsToDeadline();
  if (!left)
    return timeout;
  double cap = std::max(*left, floor);
  return timeout > 0 ? std::min(timeout, cap) : cap;
}
