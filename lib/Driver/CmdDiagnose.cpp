//===- CmdDiagnose.cpp - `kfix diagnose` ----------------------------------===//
//
// Validates a candidate, classifies how it fails, runs it instrumented, and
// reports: a terminal report quoting the source, report.json with the
// signature, one SVG mismatch map per failing output and an HTML page.
// Exit status: 0 the candidate passes, 1 it fails, 2 error.
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/Diagnosis.h"
#include "kfix/Agent/Session.h"
#include "kfix/Driver/Args.h"
#include "kfix/Driver/Driver.h"
#include "kfix/Report/Report.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace kfix;

/// The HTML page of a diagnosis: summary, annotated source, maps.
std::string renderDiagnosisHtml(const Session &s, const Diagnosis &d,
                                const std::vector<std::string> &svgs) {
  std::vector<SourceNote> notes;
  llvm::StringRef src = s.candidatePath;
  auto lineOf = [&](llvm::StringRef loc, unsigned &line) {
    auto [rest, col] = loc.rsplit(':');
    auto [file, ln] = rest.rsplit(':');
    return llvm::sys::path::filename(file) == llvm::sys::path::filename(src) &&
           !ln.getAsInteger(10, line);
  };
  for (const Finding &f : d.findings)
    for (const SiteInfo &si : f.sites) {
      unsigned line;
      if (lineOf(si.loc(), line))
        notes.push_back({line, f.kind, f.message});
    }
  for (const ExecFault &f : d.faults) {
    llvm::StringRef msg = f.message;
    // Faults carry their location in the message: annotate every one found.
    size_t pos = 0;
    std::string base = llvm::sys::path::filename(src).str() + ":";
    while ((pos = msg.find(base, pos)) != llvm::StringRef::npos) {
      unsigned line = 0;
      llvm::StringRef rest = msg.substr(pos + base.size());
      rest.consumeInteger(10, line);
      if (line)
        notes.push_back({line, f.kind, f.message});
      pos += base.size();
    }
  }
  std::vector<HtmlSection> sections;
  std::string maps;
  for (auto &svg : svgs)
    maps += svg + "\n";
  if (!maps.empty())
    sections.push_back({"Mismatch maps", maps});
  std::string sigText = llvm::formatv("{0:2}", d.signatureJSON).str();
  sections.push_back({"Failure signature", "<pre>" + htmlEscape(sigText) + "</pre>"});
  std::string source =
      s.candidateSource.empty() ? readTextFile(s.candidatePath) : s.candidateSource;
  return renderHtmlPage("kfix diagnose: " + s.task.name, {d.summary}, s.candidatePath, source,
                        notes, sections);
}

static int diagnoseMain(int argc, char **argv) {
  Args args("kfix diagnose TASK.json [-o DIR] [--candidate FILE] [--target auto|cpu|cuda]");
  args.option("output", "directory for report.json, maps (*.svg) and report.html", {"-o"})
      .option("candidate", "the kernel to diagnose (default: the task's source)")
      .option("target", "auto, cpu or cuda (default auto)")
      .flag("no-instrument", "validation and signature only")
      .flag("quick", "one seed per size");
  int code = 0;
  if (!args.parse(argc, argv, code, 1))
    return code;
  auto s = openSessionOrReport("kfix diagnose", args.positionals()[0], args.get("candidate", ""),
                               args.get("target", "auto"));
  if (!s)
    return 2;
  DiagnoseOptions opts;
  opts.full = !args.has("quick");
  opts.instrument = !args.has("no-instrument");
  opts.instrumentPassing = opts.instrument;
  Diagnosis d = diagnoseCandidate(*s, *s->candidate, opts);
  llvm::outs() << renderDiagnosisText(*s, d);
  if (auto dir = args.get("output")) {
    auto protect = s->protectedFiles();
    auto write = [&](llvm::StringRef name, const std::string &text) -> bool {
      llvm::SmallString<256> p(*dir);
      llvm::sys::path::append(p, name);
      if (llvm::Error e = writeOutputFile(p, text, protect)) {
        llvm::errs() << "kfix diagnose: " << llvm::toString(std::move(e)) << "\n";
        return false;
      }
      return true;
    };
    std::vector<std::string> svgs;
    for (auto [i, g] : llvm::enumerate(d.grids)) {
      std::string svg = renderMismatchSVG(g);
      if (!write(llvm::formatv("map-{0}.svg", i).str(), svg))
        return 2;
      svgs.push_back(svg);
    }
    if (!write("report.json", llvm::formatv("{0:2}", diagnosisToJSON(*s, d)).str() + "\n") ||
        !write("report.html", renderDiagnosisHtml(*s, d, svgs)))
      return 2;
    llvm::outs() << "\nwrote " << *dir << "/report.json, report.html and " << svgs.size()
                 << " map(s)\n";
  }
  return d.error ? 2 : d.passed ? 0 : 1;
}

static bool registered = (registerSubcommand({"diagnose",
                                              "validate + instrument a candidate: failure "
                                              "signature, findings, mismatch maps",
                                              diagnoseMain}),
                          true);
