//===- Coverage.cpp - branch sides never taken, loops never iterating -----===//
#include "kfix/Diagnose/Detectors.h"

#include "llvm/ADT/Twine.h"

using namespace kfix;

void CoverageTracker::onLaunch(std::array<uint32_t, 3>, std::array<uint32_t, 3>) {
  counters.clear();
}

void CoverageTracker::onCount(int64_t site, int64_t counter) { ++counters[site][counter]; }

uint64_t CoverageTracker::count(int64_t site, int64_t counter) const {
  auto it = counters.find(site);
  if (it == counters.end())
    return 0;
  auto c = it->second.find(counter);
  return c == it->second.end() ? 0 : c->second;
}

std::vector<Finding> CoverageTracker::findings() const {
  std::vector<Finding> out;
  llvm::json::Array all;
  auto note = [&](const SiteInfo &info, std::string kind, std::string message, int64_t count) {
    Finding f;
    f.kind = std::move(kind);
    f.severity = "info";
    f.sites = {info};
    f.count = count;
    f.message = std::move(message);
    out.push_back(std::move(f));
  };
  // Every count site of the module, including those that never fired.
  std::map<int64_t, SiteInfo> known;
  if (sites)
    for (auto &[site, info] : sites->entries())
      if (info.op == "count")
        known[site] = info;
  for (auto &[site, ctrs] : counters)
    if (!known.count(site)) {
      SiteInfo info;
      info.site = site;
      info.op = "count";
      known[site] = info;
    }
  for (auto &[site, info] : known) {
    uint64_t c0 = count(site, 0), c1 = count(site, 1);
    all.push_back(llvm::json::Object{{"site", site},
                                     {"loc", info.loc()},
                                     {"construct", info.detail},
                                     {"counter0", int64_t(c0)},
                                     {"counter1", int64_t(c1)}});
    std::string at = " at " + info.loc();
    if (info.detail == "if") {
      if (c0 == 0 && c1 == 0)
        note(info, "branch-not-reached", "if" + at + " never reached", 0);
      else if (c0 == 0)
        note(info, "branch-side-never-taken",
             "then-side of the if" + at + " never taken (else taken " + std::to_string(c1) +
                 " times)",
             int64_t(c1));
      else if (c1 == 0)
        note(info, "branch-side-never-taken",
             "else-side of the if" + at + " never taken (then taken " + std::to_string(c0) +
                 " times)",
             int64_t(c0));
    } else if (info.detail == "for" || info.detail == "while") {
      if (c1 == 0)
        note(info, "loop-not-reached", info.detail + " loop" + at + " never reached", 0);
      else if (c0 == 0)
        note(info, "loop-zero-trips",
             info.detail + " loop" + at + " reached " + std::to_string(c1) +
                 " times but never iterated",
             int64_t(c1));
    }
  }
  Finding summary;
  summary.kind = "coverage";
  summary.severity = "info";
  summary.count = static_cast<int64_t>(known.size());
  summary.message = std::to_string(known.size()) + " coverage sites, " +
                    std::to_string(out.size()) + " with a side never taken or not reached";
  summary.data = llvm::json::Object{{"sites", std::move(all)}};
  out.push_back(std::move(summary));
  return out;
}
