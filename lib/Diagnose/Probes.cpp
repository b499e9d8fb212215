//===- Probes.cpp - values recorded at probed source locations ------------===//
#include "kfix/Diagnose/Detectors.h"

#include "llvm/ADT/Twine.h"
#include <cmath>
#include <cstdio>

using namespace kfix;

void ProbeRecorder::onLaunch(std::array<uint32_t, 3>, std::array<uint32_t, 3>) { perSite.clear(); }

void ProbeRecorder::onProbe(int64_t site, const ThreadCoord &who, double value) {
  Stats &s = perSite[site];
  if (s.samples.size() < samplesPerSite)
    s.samples.push_back(Sample{who, value});
  ++s.count;
  if (std::isnan(value)) {
    ++s.nans;
    return;
  }
  if (std::isinf(value))
    ++s.infs;
  bool first = s.count - s.nans == 1;
  s.min = first ? value : std::min(s.min, value);
  s.max = first ? value : std::max(s.max, value);
  if (!std::isinf(value))
    s.sum += value;
}

const ProbeRecorder::Stats *ProbeRecorder::stats(int64_t site) const {
  auto it = perSite.find(site);
  return it == perSite.end() ? nullptr : &it->second;
}

static std::string fmt(double v) {
  char buf[32];
  snprintf(buf, sizeof(buf), "%g", v);
  return buf;
}

/// JSON numbers cannot be NaN or Inf: those become strings.
static llvm::json::Value number(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  return v;
}

std::vector<Finding> ProbeRecorder::findings() const {
  std::vector<Finding> out;
  for (auto &[site, s] : perSite) {
    SiteInfo info = siteInfo(sites, site);
    uint64_t finite = s.count - s.nans - s.infs;
    double mean = finite ? s.sum / double(finite) : 0;
    llvm::json::Array samples;
    for (const Sample &smp : s.samples) {
      llvm::json::Object o = std::move(*toJSON(smp.who).getAsObject());
      o["value"] = number(smp.value);
      samples.push_back(std::move(o));
    }
    Finding f;
    f.kind = "probe";
    f.severity = s.nans || s.infs ? "warning" : "info";
    f.sites = {info};
    f.count = static_cast<int64_t>(s.count);
    std::string tag = info.detail.empty() ? "value" : info.detail;
    f.message = (llvm::Twine(tag) + " at " + info.loc() + ": " + llvm::Twine(s.count) +
                 " values in [" + fmt(s.min) + ", " + fmt(s.max) + "]" +
                 (s.nans ? ", " + llvm::Twine(s.nans) + " NaN" : llvm::Twine("")) +
                 (s.infs ? ", " + llvm::Twine(s.infs) + " Inf" : llvm::Twine("")))
                    .str();
    f.data = llvm::json::Object{{"tag", tag},
                                {"min", number(s.min)},
                                {"max", number(s.max)},
                                {"mean", number(mean)},
                                {"nans", int64_t(s.nans)},
                                {"infs", int64_t(s.infs)},
                                {"samples", std::move(samples)}};
    out.push_back(std::move(f));
  }
  return out;
}
