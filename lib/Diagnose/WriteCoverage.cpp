//===- WriteCoverage.cpp - which output elements were written, how often --===//
//
// A dense per-element record (first writer, its site, a saturating count) for
// the first maxTrackedPerOutput elements of each output.
//
//===----------------------------------------------------------------------===//
#include "kfix/Diagnose/Detectors.h"

#include "llvm/ADT/Twine.h"
#include <algorithm>

using namespace kfix;

namespace {

struct ElemState {
  uint32_t firstThread = 0; ///< low 32 bits of the linear thread id
  int32_t firstSite = -1;
  uint8_t writes = 0; ///< saturating at 255
  uint8_t flags = 0;
};
enum : uint8_t { MultiThread = 1, Atomic = 2 };

struct PairStats {
  int64_t count = 0;
  int64_t element = 0;
  uint64_t threadA = 0, threadB = 0;
};

struct OutputState {
  OutputSpec spec;
  std::vector<ElemState> elems;
  int64_t outOfRange = 0;
  int64_t firstOutOfRange = -1;
  std::map<std::pair<int64_t, int64_t>, PairStats> multiPairs; ///< (first site, later site)
};

} // namespace

struct WriteCoverageTracker::Impl {
  LaunchShape shape;
  int64_t maxTracked;
  std::vector<OutputState> outputs;

  OutputState *find(int32_t arg) {
    for (OutputState &o : outputs)
      if (o.spec.arg == arg)
        return &o;
    return nullptr;
  }
  const OutputState *find(int32_t arg) const { return const_cast<Impl *>(this)->find(arg); }
  void reset() {
    for (OutputState &o : outputs) {
      o.elems.assign(std::min(o.spec.numel, maxTracked), ElemState());
      o.outOfRange = 0;
      o.firstOutOfRange = -1;
      o.multiPairs.clear();
    }
  }
};

WriteCoverageTracker::WriteCoverageTracker(std::vector<OutputSpec> outputs, const SiteTable *sites,
                                           int64_t maxTrackedPerOutput)
    : sites(sites), impl(std::make_unique<Impl>()) {
  impl->maxTracked = std::max<int64_t>(maxTrackedPerOutput, 0);
  for (OutputSpec &spec : outputs) {
    OutputState o;
    spec.numel = std::max<int64_t>(spec.numel, 0);
    o.spec = std::move(spec);
    impl->outputs.push_back(std::move(o));
  }
  impl->reset();
}
WriteCoverageTracker::~WriteCoverageTracker() = default;

void WriteCoverageTracker::onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) {
  impl->shape = LaunchShape{grid, block};
  impl->reset();
}

void WriteCoverageTracker::onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                                    const ThreadCoord &who) {
  if (kind == TraceAccessKind::read)
    return;
  OutputState *o = impl->find(arg);
  if (!o)
    return;
  if (linear < 0 || linear >= o->spec.numel) {
    if (o->outOfRange++ == 0)
      o->firstOutOfRange = linear;
    return;
  }
  if (linear >= static_cast<int64_t>(o->elems.size()))
    return;
  ElemState &e = o->elems[linear];
  uint64_t thread = impl->shape.threadLinear(who);
  if (kind == TraceAccessKind::atomic) {
    e.flags |= Atomic;
    if (e.writes == 0)
      e.firstThread = static_cast<uint32_t>(thread), e.firstSite = static_cast<int32_t>(site);
    e.writes = e.writes == 255 ? 255 : e.writes + 1;
    return;
  }
  if (e.writes == 0) {
    e.firstThread = static_cast<uint32_t>(thread);
    e.firstSite = static_cast<int32_t>(site);
  } else if (e.firstThread != static_cast<uint32_t>(thread) && !(e.flags & MultiThread)) {
    e.flags |= MultiThread;
    PairStats &p = o->multiPairs[{e.firstSite, site}];
    if (p.count++ == 0) {
      p.element = linear;
      p.threadA = e.firstThread;
      p.threadB = thread;
    }
  }
  e.writes = e.writes == 255 ? 255 : e.writes + 1;
}

std::optional<OutputCoverage> WriteCoverageTracker::coverage(int32_t arg) const {
  const OutputState *o = impl->find(arg);
  if (!o)
    return std::nullopt;
  OutputCoverage c;
  c.numel = o->spec.numel;
  c.tracked = static_cast<int64_t>(o->elems.size());
  c.outOfRange = o->outOfRange;
  for (const ElemState &e : o->elems) {
    if (e.writes == 0) {
      ++c.unwritten;
      continue;
    }
    ++c.written;
    if (e.flags & Atomic)
      ++c.atomicWritten;
    else if (e.flags & MultiThread)
      ++c.multiWriter;
    else if (e.writes > 1)
      ++c.rewritten;
  }
  return c;
}

std::vector<uint8_t> WriteCoverageTracker::writtenMask(int32_t arg) const {
  const OutputState *o = impl->find(arg);
  if (!o)
    return {};
  std::vector<uint8_t> mask(o->spec.numel, 1);
  for (size_t i = 0; i < o->elems.size(); ++i)
    mask[i] = o->elems[i].writes != 0;
  return mask;
}

/// Up to `max` maximal runs [begin, end) of elements satisfying `pred`.
template <typename Pred>
static llvm::json::Array runs(const std::vector<ElemState> &elems, Pred pred, size_t max,
                              std::string &text) {
  llvm::json::Array out;
  size_t n = elems.size(), shown = 0;
  for (size_t i = 0; i < n;) {
    if (!pred(elems[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < n && pred(elems[j]))
      ++j;
    if (shown < max) {
      out.push_back(llvm::json::Array{int64_t(i), int64_t(j)});
      if (!text.empty())
        text += ", ";
      text +=
          j == i + 1 ? std::to_string(i) : "[" + std::to_string(i) + ", " + std::to_string(j) + ")";
    } else if (shown == max) {
      text += ", ...";
    }
    ++shown;
    i = j;
  }
  return out;
}

std::vector<Finding> WriteCoverageTracker::findings() const {
  std::vector<Finding> out;
  const LaunchShape &shape = impl->shape;
  auto siteOf = [&](int64_t site) { return siteInfo(sites, site); };
  for (const OutputState &o : impl->outputs) {
    OutputCoverage c = *coverage(o.spec.arg);
    const std::string &name = o.spec.name;
    if (c.unwritten) {
      Finding f;
      f.kind = "unwritten-output";
      f.severity = "error";
      f.count = c.unwritten;
      std::string text;
      llvm::json::Array r =
          runs(o.elems, [](const ElemState &e) { return e.writes == 0; }, 8, text);
      f.message = (llvm::Twine(c.unwritten) + " of " + llvm::Twine(c.numel) + " elements of " +
                   name + " never written: " + text)
                      .str();
      f.data = llvm::json::Object{{"output", name},
                                  {"arg", int64_t(o.spec.arg)},
                                  {"numel", c.numel},
                                  {"unwritten_runs", std::move(r)}};
      out.push_back(std::move(f));
    }
    for (auto &[pair, p] : o.multiPairs) {
      Finding f;
      f.kind = "multi-writer-output";
      f.severity = "error";
      f.count = p.count;
      SiteInfo a = siteOf(pair.first), b = siteOf(pair.second);
      f.sites = {a, b};
      ThreadCoord ta = shape.coordOf(p.threadA), tb = shape.coordOf(p.threadB);
      f.threads = {ThreadExample{ta, pair.first, "first writer"},
                   ThreadExample{tb, pair.second, "second writer"}};
      f.message = (llvm::Twine(p.count) + " element(s) of " + name +
                   " written by more than one thread, e.g. " + name + "[" + llvm::Twine(p.element) +
                   "] by " + formatThread(ta) + " at " + a.loc() + " and by " + formatThread(tb) +
                   " at " + b.loc())
                      .str();
      f.data = llvm::json::Object{{"output", name}, {"element", p.element}};
      out.push_back(std::move(f));
    }
    if (c.outOfRange) {
      Finding f;
      f.kind = "out-of-range-write";
      f.severity = "error";
      f.count = c.outOfRange;
      f.message =
          (llvm::Twine(c.outOfRange) + " write(s) past the end of " + name + " (" +
           llvm::Twine(c.numel) + " elements), first at element " + llvm::Twine(o.firstOutOfRange))
              .str();
      f.data = llvm::json::Object{{"output", name}, {"first", o.firstOutOfRange}};
      out.push_back(std::move(f));
    }
    Finding summary;
    summary.kind = "write-coverage";
    summary.severity = "info";
    summary.count = c.written;
    summary.message =
        (llvm::Twine(name) + ": " + llvm::Twine(c.written) + "/" + llvm::Twine(c.numel) +
         " elements written" +
         (c.rewritten ? ", " + llvm::Twine(c.rewritten) + " rewritten by the same thread"
                      : llvm::Twine("")) +
         (c.tracked < c.numel ? " (only the first " + llvm::Twine(c.tracked) + " tracked)"
                              : llvm::Twine("")))
            .str();
    summary.data = llvm::json::Object{
        {"output", name},           {"numel", c.numel},          {"tracked", c.tracked},
        {"written", c.written},     {"unwritten", c.unwritten},  {"multi_writer", c.multiWriter},
        {"rewritten", c.rewritten}, {"atomic", c.atomicWritten}, {"out_of_range", c.outOfRange}};
    out.push_back(std::move(summary));
  }
  return out;
}
