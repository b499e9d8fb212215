//===- NanOrigin.cpp - where NaN/Inf values first appear ------------------===//
#include "kfix/Diagnose/Detectors.h"

#include "llvm/ADT/Twine.h"
#include <algorithm>

using namespace kfix;

void NanOriginDetector::onLaunch(std::array<uint32_t, 3>, std::array<uint32_t, 3>) {
  perSite.clear();
  seq = 0;
}

void NanOriginDetector::onCheck(int64_t site, TraceCheckKind kind, const ThreadCoord &who, int64_t,
                                int64_t) {
  if (kind != TraceCheckKind::nan && kind != TraceCheckKind::inf)
    return;
  auto [it, inserted] = perSite.try_emplace(site);
  SiteState &s = it->second;
  if (inserted) {
    s.kind = kind;
    s.firstSeq = seq;
    s.first = who;
  }
  ++s.count;
  ++seq;
}

std::optional<int64_t> NanOriginDetector::originSite() const {
  std::optional<int64_t> best;
  uint64_t bestSeq = UINT64_MAX;
  for (auto &[site, s] : perSite)
    if (s.firstSeq < bestSeq)
      best = site, bestSeq = s.firstSeq;
  return best;
}

std::vector<Finding> NanOriginDetector::findings() const {
  std::vector<Finding> out;
  for (auto &[site, s] : sitesInFiringOrder(perSite)) {
    SiteInfo info = siteInfo(sites, site);
    bool origin = out.empty();
    const char *what = s->kind == TraceCheckKind::nan ? "NaN" : "Inf";
    Finding f;
    f.kind = s->kind == TraceCheckKind::nan ? "nan-origin" : "inf-origin";
    f.severity = origin ? "error" : "warning";
    f.count = static_cast<int64_t>(s->count);
    f.sites = {info};
    f.threads = {ThreadExample{s->first, site, "first"}};
    std::string subject = info.subject.empty() ? "an operation" : info.subject;
    f.message = (llvm::Twine(origin ? "first " : "also: ") + what +
                 " produced from finite "
                 "operands by " +
                 subject + " at " + info.loc() + " (" + formatThread(s->first) + "; " +
                 llvm::Twine(s->count) + " time(s))")
                    .str();
    f.data = llvm::json::Object{{"origin", origin}, {"order", int64_t(out.size())}};
    out.push_back(std::move(f));
  }
  return out;
}
