//===- ReadCoverage.cpp - which input elements a launch read --------------===//
//
// A kernel computing a whole output from an input reads (nearly) all of it. An
// input of which only a small part is read is the trace of an index that
// ranges over the wrong extent: `bias[row]` for `bias[c]` reads the first
// `rows` of `cols` elements, a batch stride too small reads a prefix (of each
// batch, or of the whole buffer). The
// finding is a warning (gathers and masked kernels read part of an input by
// design); its sites are where the search looks for the index's slip.
//
//===----------------------------------------------------------------------===//
#include "kfix/Diagnose/Detectors.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>

using namespace kfix;

namespace {
struct InputState {
  OutputSpec spec;
  std::vector<uint8_t> read; ///< 1 per element read (the tracked prefix)
  int64_t readCount = 0;
  std::map<int64_t, int64_t> bySite; ///< reads per site
};
} // namespace

struct ReadCoverageTracker::Impl {
  int64_t maxTracked = 0;
  std::vector<InputState> inputs;
  InputState *find(int32_t arg) {
    for (InputState &i : inputs)
      if (i.spec.arg == arg)
        return &i;
    return nullptr;
  }
};

ReadCoverageTracker::ReadCoverageTracker(std::vector<OutputSpec> inputs, const SiteTable *sites,
                                         int64_t maxTrackedPerInput)
    : sites(sites), impl(std::make_unique<Impl>()) {
  impl->maxTracked = std::max<int64_t>(maxTrackedPerInput, 0);
  for (OutputSpec &spec : inputs) {
    InputState s;
    spec.numel = std::max<int64_t>(spec.numel, 0);
    s.spec = std::move(spec);
    impl->inputs.push_back(std::move(s));
  }
  onLaunch({1, 1, 1}, {1, 1, 1});
}
ReadCoverageTracker::~ReadCoverageTracker() = default;

void ReadCoverageTracker::onLaunch(std::array<uint32_t, 3>, std::array<uint32_t, 3>) {
  for (InputState &s : impl->inputs) {
    s.read.assign(std::min(s.spec.numel, impl->maxTracked), 0);
    s.readCount = 0;
    s.bySite.clear();
  }
}

void ReadCoverageTracker::onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                                   const ThreadCoord &) {
  if (kind != TraceAccessKind::read)
    return;
  InputState *s = impl->find(arg);
  if (!s || linear < 0 || linear >= static_cast<int64_t>(s->read.size()))
    return;
  ++s->bySite[site];
  if (!s->read[linear]) {
    s->read[linear] = 1;
    ++s->readCount;
  }
}

int64_t ReadCoverageTracker::readCount(int32_t arg) const {
  InputState *s = impl->find(arg);
  return s ? s->readCount : -1;
}

std::vector<Finding> ReadCoverageTracker::findings(double maxShare) const {
  std::vector<Finding> out;
  for (const InputState &s : impl->inputs) {
    int64_t tracked = static_cast<int64_t>(s.read.size());
    // Only a whole input says what part of it was read; a small one (a
    // per-channel parameter of 8-31 elements) only when at most a quarter of
    // it was.
    double share = tracked < 32 ? std::min(maxShare, 0.25) : maxShare;
    if (tracked < 8 || tracked < s.spec.numel || s.readCount == 0 ||
        double(s.readCount) > share * double(tracked))
      continue;
    // The sites that read it, most reads first.
    std::vector<std::pair<int64_t, int64_t>> bySite(s.bySite.begin(), s.bySite.end());
    llvm::stable_sort(bySite, [](auto &a, auto &b) { return a.second > b.second; });
    Finding f;
    f.kind = "partly-read-input";
    f.severity = "warning";
    f.count = tracked - s.readCount;
    std::string at;
    for (size_t i = 0; i < bySite.size() && i < 3; ++i) {
      SiteInfo si = siteInfo(sites, bySite[i].first);
      at += (i ? ", " : "") + si.loc();
      f.sites.push_back(std::move(si));
    }
    // Where the read elements lie: a prefix (a stride or extent too small), or
    // spread out.
    int64_t last = 0;
    for (int64_t i = tracked - 1; i >= 0; --i)
      if (s.read[i]) {
        last = i;
        break;
      }
    f.message =
        llvm::formatv("only {0} of {1} elements of {2} are read ({3:F1}%{4}), at {5}: an "
                      "index there may range over the wrong extent",
                      s.readCount, tracked, s.spec.name, 100.0 * s.readCount / tracked,
                      last + 1 == s.readCount ? llvm::formatv(", the first {0}", s.readCount).str()
                                              : std::string(),
                      at)
            .str();
    f.data = llvm::json::Object{{"input", s.spec.name},
                                {"arg", int64_t(s.spec.arg)},
                                {"numel", tracked},
                                {"read", s.readCount},
                                {"last_read", last}};
    out.push_back(std::move(f));
  }
  return out;
}
