//===- DeliveryCompile.cpp - the delivered file compiled as the user's ----===//
#include "DeliveryCompile.h"
#include "kfix/Runtime/Deadline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace kfix;

std::optional<CheckCompilers> kfix::parseCheckCompilers(llvm::StringRef value) {
  if (value == "all")
    return CheckCompilers::All;
  if (value == "none")
    return CheckCompilers::None;
  unsigned set = 0;
  llvm::SmallVector<llvm::StringRef> parts;
  value.split(parts, ',');
  for (llvm::StringRef p : parts) {
    p = p.trim();
    if (p == "nvrtc")
      set |= unsigned(CheckCompilers::Nvrtc);
    else if (p == "nvcc")
      set |= unsigned(CheckCompilers::Nvcc);
    else
      return std::nullopt;
  }
  return CheckCompilers(set);
}

std::set<std::string> kfix::includedHeaders(llvm::StringRef text) {
  std::set<std::string> out;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (llvm::StringRef l : lines) {
    l = l.ltrim();
    if (!l.consume_front("#"))
      continue;
    l = l.ltrim();
    if (!l.consume_front("include"))
      continue;
    l = l.ltrim();
    char close = l.starts_with("<") ? '>' : l.starts_with("\"") ? '"' : 0;
    size_t e = close ? l.find(close, 1) : llvm::StringRef::npos;
    if (e != llvm::StringRef::npos)
      out.insert(l.take_front(e + 1).str());
  }
  return out;
}

static llvm::StringRef verdictName(CompileCheck::Verdict v) {
  switch (v) {
  case CompileCheck::Verdict::Ok:
    return "ok";
  case CompileCheck::Verdict::Rejected:
    return "rejected";
  case CompileCheck::Verdict::NotApplicable:
    return "not-applicable";
  case CompileCheck::Verdict::Unavailable:
    return "unavailable";
  }
  return "unavailable";
}

llvm::json::Value CompileCheck::toJSON() const {
  llvm::json::Object o{{"status", verdictName(verdict)},
                       {"original", toString(original.status)},
                       {"delivered", delivered ? toString(delivered->status) : "not-run"},
                       {"rejected_candidates", rejectedCandidates}};
  if (!original.version.empty())
    o["version"] = original.version;
  switch (verdict) {
  case Verdict::Ok:
    break;
  case Verdict::Rejected:
    o["log"] = delivered ? delivered->log : "";
    break;
  case Verdict::NotApplicable:
    o["reason"] =
        "the original does not compile under " + tool + " either: " + original.firstError();
    o["log"] = original.log;
    break;
  case Verdict::Unavailable:
    o["reason"] = original.log;
    break;
  }
  return o;
}

std::string CompileCheck::describe() const {
  std::string v = original.version.empty() ? "" : " " + original.version;
  switch (verdict) {
  case Verdict::Ok:
    return tool + v + ": the original and the delivered file compile";
  case Verdict::Rejected:
    return tool + v + ": the original compiles, the delivered file does not: " +
           (delivered ? delivered->firstError() : "");
  case Verdict::NotApplicable:
    return tool + v + ": not applicable: the original does not compile under " + tool +
           " either: " + original.firstError();
  case Verdict::Unavailable:
    return tool + ": unavailable: " + llvm::StringRef(original.log).split('\n').first.str();
  }
  return tool;
}

DeliveryCompileGate::DeliveryCompileGate(Session &s, const DeliveryOptions &opts,
                                         const std::string &original) {
  originalHeaders = includedHeaders(original);
  unsigned cc = s.executor ? s.executor->computeCapability() : 0;
  bool gpu = s.executor && s.executor->name() == "cuda";
  unsigned set =
      unsigned(opts.compilers.value_or(gpu ? CheckCompilers::All : CheckCompilers::None));
  if (original.empty() || !set)
    return;
  copts.computeCapability = cc ? cc : 90;
  // Cut to the run's time limit (--time-limit), but a compile always gets a second.
  copts.timeoutSec = clampToDeadline(sourceCompileTimeout(), std::min(1.0, sourceCompileTimeout()));
  copts.fileName = llvm::sys::path::filename(s.candidatePath).str();
  // Found once per process: a batch debugs many tasks.
  static std::unique_ptr<SourceCompiler> nvrtc = createNvrtcCompiler();
  static std::unique_ptr<SourceCompiler> nvcc = createNvccCompiler();
  if (set & unsigned(CheckCompilers::Nvrtc))
    tools.push_back({nvrtc.get(), {}});
  if (set & unsigned(CheckCompilers::Nvcc))
    tools.push_back({nvcc.get(), {}});
  for (Tool &t : tools) {
    t.check.tool = t.compiler->name().str();
    t.check.original = t.compiler->compile(original, copts);
  }
}

std::string DeliveryCompileGate::check(const std::string &text) {
  for (Tool &t : tools) {
    if (!t.check.original.ok())
      continue; // unavailable, or the original fails too: no evidence either way
    t.check.delivered = t.compiler->compile(text, copts);
    if (!t.check.delivered->ok()) {
      ++t.check.rejectedCandidates;
      return "does not compile under " + t.check.tool +
             " (the original does): " + t.check.delivered->firstError();
    }
  }
  return "";
}

void DeliveryCompileGate::finish(Delivery &d) const {
  d.compile.clear();
  for (const Tool &t : tools) {
    CompileCheck c = t.check;
    if (c.original.status == SourceCompileStatus::Unavailable)
      c.verdict = CompileCheck::Verdict::Unavailable;
    else if (!c.original.ok())
      c.verdict = CompileCheck::Verdict::NotApplicable;
    else if (d.delivered() && c.delivered && c.delivered->ok())
      c.verdict = CompileCheck::Verdict::Ok;
    else
      c.verdict = CompileCheck::Verdict::Rejected;
    d.compile.push_back(std::move(c));
  }
  d.headersAdded.clear();
  if (d.delivered())
    for (const std::string &h : includedHeaders(d.source))
      if (!originalHeaders.count(h))
        d.headersAdded.push_back(h);
  d.headersSubset = d.headersAdded.empty();
}

void kfix::checkDeliveredFile(Session &s, Delivery &d, const DeliveryOptions &opts) {
  DeliveryCompileGate gate(s, opts, s.candidateSource);
  if (std::string why = gate.check(d.source); !why.empty()) {
    d.mode = "not-delivered";
    d.reason = "the patched file " + why;
    d.source.clear();
    d.diff.clear();
  }
  gate.finish(d);
}
