//===- CmdCheckIntegrity.cpp - `kfix check-integrity` ---------------------===//
//
// Runs the integrity gate alone on a candidate and names each failed check
// with its evidence. Exit status: 0 the candidate passes the gate, 1 it is
// rejected, 2 error, 3 not verified (the candidate uses a construct the
// lifter cannot read: `not verified: <construct> (FILE:LINE:COL)`).
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/Session.h"
#include "kfix/Driver/Args.h"
#include "kfix/Driver/Driver.h"
#include "kfix/Integrity/Gate.h"
#include "kfix/Report/Report.h"
#include "kfix/Runtime/KernelSource.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace kfix;

static int checkIntegrityMain(int argc, char **argv) {
  Args args("kfix check-integrity TASK.json [--candidate FILE] [--target auto|cpu|cuda] "
            "[--report OUT.json]");
  args.option("candidate", "the kernel to check (default: the task's source)")
      .option("target", "auto, cpu or cuda (default auto)")
      .option("report", "write the gate's findings as JSON")
      .option("diff-budget", "changed source lines allowed against the task's source (default 40)")
      .flag("no-dynamic", "static checks only");
  int code = 0;
  if (!args.parse(argc, argv, code, 1))
    return code;
  SessionError serr;
  auto s = openSession(args.positionals()[0], args.get("candidate", ""), args.get("target", "auto"),
                       serr);
  if (!s) {
    if (serr.stage == "candidate")
      if (std::optional<Unliftable> u = findUnliftable(serr.message)) {
        llvm::errs() << "kfix check-integrity: " << u->message() << "\n";
        return kExitNotVerified;
      }
    llvm::errs() << "kfix check-integrity: " << serr.stage << ": " << serr.message << "\n";
    return 2;
  }
  GateOptions opts;
  int64_t budget;
  std::string err;
  if (!args.getInt("diff-budget", budget, 40, err)) {
    llvm::errs() << "kfix check-integrity: " << err << "\n";
    return 2;
  }
  opts.diffBudgetLines = budget;
  if (args.has("no-dynamic"))
    opts.heldOutSizes = opts.heldOutSeeds = opts.widenedInputs = opts.constantInputs =
        opts.perturbation = opts.ghostReplay = opts.raceCheck = false;
  GateInput in;
  in.task = &s->task;
  in.executor = s->executor.get();
  in.caseCache = s->caseCache.get();
  in.candidate = *s->candidate;
  in.reference = s->reference ? *s->reference : mlir::ModuleOp();
  if (s->candidatePath != s->task.source) {
    in.original = *s->original;
    in.originalSource = s->originalSource;
    in.candidateSource = s->candidateSource;
  }
  GateReport report = runGate(in, opts);
  llvm::outs() << "integrity gate for " << s->candidatePath << " (target " << s->executor->name()
               << "): "
               << (!report.passed               ? "REJECTED"
                   : report.sizeLimited.empty() ? "PASS"
                                                : "PASS (size-limited)")
               << "\n";
  llvm::outs() << "  checks run: " << llvm::join(report.checksRun, ", ") << "\n";
  for (auto &f : report.findings)
    llvm::outs() << "  FAIL " << f.check << ": " << f.evidence
                 << (f.loc.empty() ? "" : " [" + f.loc + "]") << "\n";
  for (auto &sk : report.skipped)
    llvm::outs() << "  skipped " << sk << "\n";
  if (!report.sizeLimited.empty())
    llvm::outs() << "  size-limited: " << report.sizeLimited << "\n";
  if (auto path = args.get("report")) {
    llvm::json::Value v = report.toJSON();
    std::string text = llvm::formatv("{0:2}", v).str() + "\n";
    if (llvm::Error e = writeOutputFile(*path, text, s->protectedFiles())) {
      llvm::errs() << "kfix check-integrity: " << llvm::toString(std::move(e)) << "\n";
      return 2;
    }
  }
  return report.passed ? 0 : 1;
}

static bool registered =
    (registerSubcommand({"check-integrity", "run the anti-cheat integrity gate on a candidate",
                         checkIntegrityMain}),
     true);
