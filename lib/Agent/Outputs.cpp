//===- Outputs.cpp - what `kfix debug` writes -----------------------------===//
#include "kfix/Agent/Outputs.h"

#include "kfix/Agent/Debug.h"
#include "kfix/Agent/Delivery.h"
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Report/Report.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
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
    html += "<p>(no mismatch map: " +
            std::string(d.passed ? "every element matches" : "no values kept") + ")</p>\n";
  return html;
}

bool kfix::writeDebugOutputs(Session &s, const DebugResult &r, llvm::StringRef dir,
                             std::string &error, const DeliveryOptions &deliveryOpts,
                             std::string *notDelivered) {
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
  std::optional<Delivery> delivery;
  if (r.search.best &&
      (r.verdict == DebugVerdict::Repaired || r.verdict == DebugVerdict::AlreadyPassing)) {
    mlir::ModuleOp m = *r.search.best->module;
    ok &= write("repaired.mlir", printModule(m));
    std::string why;
    bool llmPatch = r.search.best->path.size() && r.search.best->path.back().kind == Action::Patch;
    repairedCu = llmPatch ? r.search.best->source : exportedSource(m, &why);
    if (r.verdict == DebugVerdict::Repaired && !llmPatch && !s.candidateSource.empty()) {
      // Deliver the repair as a patch of the user's file when one validates.
      delivery = deliverRepair(s, m, repairedCu, deliveryOpts);
      repairedCu = delivery->source;
    } else if (r.verdict == DebugVerdict::Repaired && llmPatch) {
      Delivery d;
      d.mode = "patch";
      d.source = repairedCu;
      d.diff = unifiedDiff(s.candidateSource, repairedCu,
                           llvm::sys::path::filename(s.candidatePath).str(), "repaired.cu");
      unsigned removed = 0;
      d.changedLines = changedLineCount(s.candidateSource, repairedCu, &removed);
      d.unchangedIdentical = true; // the model's diff, applied as written
      d.structural = true;
      checkDeliveredFile(s, d, deliveryOpts);
      repairedCu = d.source;
      delivery = std::move(d);
    }
    if (delivery && !delivery->delivered()) {
      if (notDelivered)
        *notDelivered = delivery->reason;
    } else if (!repairedCu.empty())
      ok &= write("repaired.cu", repairedCu);
    else
      error += "repaired.cu not written: " + why + "\n";
    if (delivery && !delivery->diff.empty())
      ok &= write("repair.diff", delivery->diff);
    std::string ptx = lowerToPTX(m, why);
    if (!ptx.empty())
      ok &= write("repaired.ptx", ptx);
    else
      error += "repaired.ptx not written: " + why + "\n";
  } else if (r.search.best && !r.search.best->path.empty()) {
    ok &= write("best-attempt.mlir", printModule(*r.search.best->module));
  }
  llvm::json::Value report = r.toJSON(s);
  if (delivery)
    if (auto *o = report.getAsObject()) {
      (*o)["delivery"] = delivery->mode;
      (*o)["patch"] = delivery->toJSON();
    }
  ok &= write("report.json", llvm::formatv("{0:2}", report).str() + "\n");

  // report.html: verdict, the source diff original -> repaired, maps before/after.
  std::vector<std::string> summary = {
      "verdict: " + toString(r.verdict).str() + " (stop reason: " + r.stopReason + ")",
      llvm::formatv("{0} actions tried, {1} evaluations, {2:F0} ms", r.search.iterations,
                    r.search.evaluations, r.wallMs)
          .str()};
  if (std::string c = r.compileSummary(s); !c.empty())
    summary.push_back(c);
  for (auto &g : r.gateRejections)
    summary.push_back("accepted by the loop, rejected by the integrity gate: " + g);
  if (r.search.best)
    for (const Action &a : r.search.best->path)
      summary.push_back("repair: " + a.describe() +
                        (a.kbEntry.empty() ? "" : " [kb " + a.kbEntry + "]"));
  if (delivery)
    summary.push_back(
        delivery->mode == "patch"
            ? llvm::formatv("delivered as a patch of {0}: {1} changed line(s), every other line "
                            "byte-identical: {2}; re-lifted and validated with the task",
                            llvm::sys::path::filename(s.candidatePath), delivery->changedLines,
                            delivery->unchangedIdentical ? "yes" : "no")
                  .str()
        : delivery->mode == "kernel"
            ? llvm::formatv("delivered as the repaired kernel regenerated within {0} (no fix-it "
                            "expresses the repair: {1}); every line outside the kernel's "
                            "definition byte-identical; re-lifted and validated with the task",
                            llvm::sys::path::filename(s.candidatePath), delivery->reason)
                  .str()
        : delivery->delivered()
            ? "delivered regenerated from MLIR (no patch of the original validated: " +
                  delivery->reason + ")"
            : "not delivered: " + delivery->reason);
  if (delivery) {
    for (const CompileCheck &c : delivery->compile)
      summary.push_back("compile check, " + c.describe());
    if (delivery->delivered())
      summary.push_back(delivery->headersSubset
                            ? std::string("headers: the delivered file includes no header the "
                                          "original does not")
                            : "headers: the delivered file adds " +
                                  llvm::join(delivery->headersAdded, ", "));
  }
  std::vector<HtmlSection> sections;
  std::string diffBase = delivery ? s.candidateSource : originalCu;
  if (!repairedCu.empty() && !diffBase.empty()) {
    std::string base = llvm::sys::path::filename(s.candidatePath).str();
    std::string diff = delivery && !delivery->diff.empty()
                           ? delivery->diff
                           : unifiedDiff(diffBase, repairedCu, base, "repaired.cu");
    std::string html;
    if (delivery && delivery->mode == "patch") {
      // The diagnosis that led to the hunks: what was wrong, then each edit.
      html += "<p><b>What was wrong:</b> " +
              htmlEscape(r.before ? r.before->summary : std::string("(no diagnosis)")) + "</p>\n";
      html += "<ul>\n";
      for (const SourceEdit &e : delivery->edits) {
        std::string why;
        if (r.search.best)
          for (const Action &a : r.search.best->path)
            if (a.pass == e.pass)
              why = a.describe() + (a.kbEntry.empty() ? "" : " [kb " + a.kbEntry + "]") +
                    (a.rationale.empty() ? "" : ": " + a.rationale);
        html +=
            llvm::formatv("<li>{0}:{1}: {2} <code>{3}</code> from {4}</li>\n", htmlEscape(base),
                          e.line, htmlEscape(e.kind), htmlEscape(llvm::StringRef(e.text).trim()),
                          htmlEscape(why.empty() ? e.pass : why))
                .str();
      }
      html += "</ul>\n";
    } else if (delivery && delivery->mode == "kernel") {
      html += "<p><b>What was wrong:</b> " +
              htmlEscape(r.before ? r.before->summary : std::string("(no diagnosis)")) + "</p>\n";
      html += "<p>No fix-it expresses this repair (" + htmlEscape(delivery->reason) +
              "): the repaired kernel is regenerated from the repaired MLIR in place of its "
              "definition in " +
              htmlEscape(base) + "; every other line of the file is unchanged.</p>\n";
      if (r.search.best)
        for (const Action &a : r.search.best->path)
          html += "<p>repair: " + htmlEscape(a.describe()) +
                  (a.kbEntry.empty() ? "" : " [kb " + htmlEscape(a.kbEntry) + "]") +
                  (a.rationale.empty() ? "" : ": " + htmlEscape(a.rationale)) + "</p>\n";
    } else if (delivery) {
      html += "<p>No patch of the original validated (" + htmlEscape(delivery->reason) +
              "); the kernel below is regenerated from the repaired MLIR.</p>\n";
    }
    html += "<pre class=\"diff\">";
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(diff).split(lines, '\n');
    for (llvm::StringRef l : lines) {
      const char *cls = l.starts_with("+") && !l.starts_with("+++")   ? "add"
                        : l.starts_with("-") && !l.starts_with("---") ? "del"
                                                                      : "";
      html += std::string("<span class=\"") + cls + "\">" + htmlEscape(l) + "</span>\n";
    }
    html += "</pre>";
    sections.push_back({delivery && delivery->mode == "patch" ? "The repair: repair.diff"
                                                              : "Source diff: original -> repaired",
                        html});
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
