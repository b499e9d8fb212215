//===- Overflow.cpp - signed integer arithmetic that overflowed -----------===//
#include "kfix/Diagnose/Detectors.h"

#include "llvm/ADT/Twine.h"
#include <algorithm>

using namespace kfix;

void OverflowDetector::onLaunch(std::array<uint32_t, 3>, std::array<uint32_t, 3>) {
  perSite.clear();
  seq = 0;
}

void OverflowDetector::onCheck(int64_t site, TraceCheckKind kind, const ThreadCoord &who,
                               int64_t d0, int64_t d1) {
  if (kind != TraceCheckKind::overflow)
    return;
  auto [it, inserted] = perSite.try_emplace(site);
  SiteState &s = it->second;
  if (inserted) {
    s.firstSeq = seq;
    s.first = who;
    s.lhs = d0;
    s.rhs = d1;
  }
  ++s.count;
  ++seq;
}

void OverflowDetector::onCheckTotal(int64_t site, TraceCheckKind kind, uint64_t violations) {
  if (kind != TraceCheckKind::overflow)
    return;
  auto it = perSite.find(site);
  if (it != perSite.end())
    it->second.total = std::max(it->second.total, violations);
}

static const char *opSymbol(llvm::StringRef op) {
  if (op == "arith.addi")
    return "+";
  if (op == "arith.subi")
    return "-";
  if (op == "arith.muli")
    return "*";
  return "?";
}

std::vector<Finding> OverflowDetector::findings() const {
  std::vector<Finding> out;
  for (auto &[site, s] : sitesInFiringOrder(perSite)) {
    SiteInfo info = siteInfo(sites, site);
    uint64_t n = std::max(s->count, s->total);
    std::string subject = info.subject.empty() ? "an integer operation" : info.subject;
    // The exact result, as the 64-bit recomputation has it.
    int64_t exact = subject == "arith.addi"   ? s->lhs + s->rhs
                    : subject == "arith.subi" ? s->lhs - s->rhs
                                              : s->lhs * s->rhs;
    Finding f;
    f.kind = "int-overflow";
    f.severity = "error";
    f.count = static_cast<int64_t>(n);
    f.sites = {info};
    f.threads = {ThreadExample{s->first, site, "first"}};
    f.message = (llvm::Twine("signed 32-bit overflow in ") + subject + " at " + info.loc() + ": " +
                 llvm::Twine(s->lhs) + " " + opSymbol(subject) + " " + llvm::Twine(s->rhs) + " = " +
                 llvm::Twine(exact) + " does not fit (" + formatThread(s->first) + "; " +
                 llvm::Twine(n) + " time(s)); widen an operand to 64 bits before the operation")
                    .str();
    f.data =
        llvm::json::Object{{"lhs", s->lhs}, {"rhs", s->rhs}, {"exact", exact}, {"op", subject}};
    out.push_back(std::move(f));
  }
  return out;
}
