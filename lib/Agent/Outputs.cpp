//===- Outputs.cpp - what `kfix debug` writes -----------------------------===//
#include "kfix/Agent/Outputs.h"

#include "kfix/Agent/Debug.h"
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Report/Report.h"
#include "kfix/Translation/Translations.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace kfix;

static CudaExporter &exporter() {
  static CudaExporter e;
  return e;
}
void kfix::setCudaExporter(CudaExporter e) { exporter() = std::move(e); }

std::string kfix::printModule(mlir::ModuleOp module) {
  std::string s;
  llvm::raw_string_ostream os(s);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo(true, /*prettyForm=*/false);
  module->print(os, flags);
  return s;
}

std::string kfix::exportedSource(mlir::ModuleOp module, std::string *error) {
  if (!exporter()) {
    if (error)
      *error = "this kfix has no CUDA exporter";
    return "";
  }
  std::string out, diag;
  llvm::raw_string_ostream os(out), ds(diag);
  mlir::ScopedDiagnosticHandler h(module->getContext(), [&](mlir::Diagnostic &d) {
    ds << d.getLocation() << ": " << d.str() << "\n";
    return mlir::success();
  });
  if (mlir::failed(exporter()(module, os))) {
    if (error)
      *error = diag.empty() ? "export failed" : diag;
    return "";
  }
  return out;
}

std::string kfix::lowerToPTX(mlir::ModuleOp module, std::string &error) {
  mlir::OwningOpRef<mlir::ModuleOp> clone(llvm::cast<mlir::ModuleOp>(module->clone()));
  mlir::PassManager pm(module->getContext());
  LowerToNVVMOptions opts;
  buildLowerToNVVMPipeline(pm, opts);
  std::string diag;
  llvm::raw_string_ostream ds(diag);
  mlir::ScopedDiagnosticHandler h(module->getContext(), [&](mlir::Diagnostic &d) {
    ds << d.getLocation() << ": " << d.str() << "\n";
    return mlir::success();
  });
  if (mlir::failed(pm.run(*clone))) {
    error = diag.empty() ? "kfix-lower-to-nvvm failed" : diag;
    return "";
  }
  std::string ptx;
  llvm::raw_string_ostream os(ptx);
  if (mlir::failed(extractPTX(*clone, os))) {
    error = diag;
    return "";
  }
  return ptx;
}

static std::string diagnosisSection(const Diagnosis &d, llvm::StringRef label,
                                    std::vector<std::string> &svgs) {
  std::string html = "<p>" + htmlEscape(d.summary) + "</p>\n";
  for (const MismatchGrid &g : d.grids) {
    std::string svg = renderMismatchSVG(g);
    svgs.push_back(svg);
    html += svg + "\n";
  }
  if (d.grids.empty())
    html += "<p>(no mismatch map: " + std::string(d.passed ? "every element matches" : "no values kept") +
            ")</p>\n";
  return html;
}

bool kfix::writeDebugOutputs(const Session &s, const DebugResult &r, llvm::StringRef dir,
                             std::string &error) {
  auto protect = s.protectedFiles();
  auto write = [&](llvm::StringRef name, const std::string &text) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, name);
    if (llvm::Error e = writeOutputFile(p, text, protect)) {
      error += llvm::toString(std::move(e)) + "\n";
      return false;
    }
    return true;
  };
  bool ok = true;
  std::string repairedCu, originalCu = s.originalSource;
  if (r.search.best && (r.verdict == "repaired" || r.verdict == "already-passing")) {
    mlir::ModuleOp m = *r.search.best->module;
    ok &= write("repaired.mlir", printModule(m));
    std::string why;
    repairedCu = r.search.best->path.size() && r.search.best->path.back().kind == Action::Patch
                     ? r.search.best->source
                     : exportedSource(m, &why);
    if (!repairedCu.empty())
      ok &= write("repaired.cu", repairedCu);
    else
      error += "repaired.cu not written: " + why + "\n";
    std::string ptx = lowerToPTX(m, why);
    if (!ptx.empty())
      ok &= write("repaired.ptx", ptx);
    else
      error += "repaired.ptx not written: " + why + "\n";
  } else if (r.search.best && !r.search.best->path.empty()) {
    ok &= write("best-attempt.mlir", printModule(*r.search.best->module));
  }
  ok &= write("report.json", llvm::formatv("{0:2}", r.toJSON(s)).str() + "\n");

  // report.html: verdict, the source diff original -> repaired, maps before/after.
  std::vector<std::string> summary = {
      "verdict: " + r.verdict + " (stop reason: " + r.stopReason + ")",
      llvm::formatv("{0} actions tried, {1} evaluations, {2:F0} ms", r.search.iterations,
                    r.search.evaluations, r.wallMs)
          .str()};
  for (auto &g : r.gateRejections)
    summary.push_back("accepted by the loop, rejected by the integrity gate: " + g);
  if (r.search.best)
    for (const Action &a : r.search.best->path)
      summary.push_back("repair: " + a.describe() + (a.kbEntry.empty() ? "" : " [kb " + a.kbEntry + "]"));
  std::vector<HtmlSection> sections;
  if (!repairedCu.empty() && !originalCu.empty()) {
    std::string base = llvm::sys::path::filename(s.candidatePath).str();
    std::string diff = unifiedDiff(originalCu, repairedCu, base, "repaired.cu");
    std::string html = "<pre class=\"diff\">";
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(diff).split(lines, '\n');
    for (llvm::StringRef l : lines) {
      const char *cls = l.starts_with("+") && !l.starts_with("+++")   ? "add"
                        : l.starts_with("-") && !l.starts_with("---") ? "del"
                                                                      : "";
      html += std::string("<span class=\"") + cls + "\">" + htmlEscape(l) + "</span>\n";
    }
    html += "</pre>";
    sections.push_back({"Source diff: original -> repaired", html});
  }
  std::vector<std::string> svgs;
  if (r.before)
    sections.push_back({"Before", diagnosisSection(*r.before, "before", svgs)});
  if (r.after)
    sections.push_back({"After", diagnosisSection(*r.after, "after", svgs)});
  std::string steps = "<table><tr><th>#</th><th>action</th><th>outcome</th><th>error before</th>"
                      "<th>after</th><th>note</th></tr>\n";
  for (const StepRecord &st : r.search.steps)
    steps += llvm::formatv("<tr><td>{0}</td><td><code>{1}</code></td><td>{2}</td><td>{3:F4}</td>"
                           "<td>{4:F4}</td><td>{5}</td></tr>\n",
                           st.iteration, htmlEscape(st.action.describe()), st.outcome,
                           st.errorBefore, st.errorAfter, htmlEscape(st.note))
                 .str();
  steps += "</table>";
  sections.push_back({"Steps", steps});
  ok &= write("report.html", renderHtmlPage("kfix debug: " + s.task.name, summary, s.candidatePath,
                                            originalCu, {}, sections));
  return ok;
}
