//===- CmdRun.cpp - `kfix run`: validate a candidate against a task -------===//
//
// Exit status: 0 pass, 1 fail, 2 error (bad manifest, missing files, lift or
// compile errors, reference failure), 3 not verified (the candidate uses a
// construct the lifter cannot read: `not verified: <construct> (FILE:LINE:COL)`).
//
//===----------------------------------------------------------------------===//
#include "kfix/Driver/Driver.h"
#include "kfix/InitAll.h"
#include "kfix/Runtime/ExecutorRegistry.h"
#include "kfix/Runtime/KernelSource.h"
#include "kfix/Runtime/Manifest.h"
#include "kfix/Runtime/Npy.h"
#include "kfix/Runtime/Validate.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace kfix;
using llvm::StringRef;

static void printHelp(llvm::raw_ostream &os) {
  os << "usage: kfix run TASK.json [--candidate FILE.cu|FILE.mlir] [--target auto|cpu|cuda]\n"
        "                [--report OUT.json]\n\n"
        "Validates a candidate kernel (default: the task's source) against the task's\n"
        "reference over every size and seed, checking every output element.\n"
        "Exit status: 0 pass, 1 fail, 2 error, 3 not verified (a construct kfix cannot lift).\n\n"
        "  --candidate FILE  the kernel to validate (.cu is lifted, .mlir is parsed)\n"
        "  --target T        auto (cuda when a device answers, else cpu), cpu or cuda\n"
        "  --report FILE     write the validation result as JSON (atomically)\n\n"
        "registered targets:";
  for (const std::string &t : registeredExecutors())
    os << " " << t;
  if (registeredExecutors().empty())
    os << " (none)";
  os << "\ncuda frontend: " << (hasCudaImporter() ? "yes" : "no") << "\n";
}

static std::string fmtErr(double v) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%.3g", v);
  return s;
}

static std::string displayPath(StringRef p) {
  llvm::SmallString<256> cwd;
  llvm::sys::fs::current_path(cwd);
  StringRef s = p;
  if (s.consume_front(cwd) && s.consume_front("/"))
    return s.str();
  return p.str();
}

static void printTable(llvm::raw_ostream &os, const TaskManifest &task, const ValidationResult &r) {
  // Columns are as wide as their widest cell (plus two spaces): a long size
  // binding or output name never runs into the next column.
  size_t wSize = 4, wSeed = 4, wStatus = 6, wOut = 6, wAbs = 7, wRel = 7;
  for (const CaseResult &c : r.cases) {
    wSize = std::max(wSize, bindingsToString(c.sizes, task.sizeNames).size());
    wSeed = std::max(wSeed, std::to_string(c.seed).size());
    wStatus = std::max(wStatus, toString(c.status).size());
    for (const OutputResult &o : c.outputs) {
      wOut = std::max(wOut, o.param.size());
      wAbs = std::max(wAbs, fmtErr(o.stats.maxAbsErr).size());
      wRel = std::max(wRel, fmtErr(o.stats.maxRelErr).size());
    }
  }
  wSize += 2, wSeed += 2, wStatus += 2, wOut += 2, wAbs += 2, wRel += 2;
  os << llvm::left_justify("size", wSize) << llvm::left_justify("seed", wSeed)
     << llvm::left_justify("status", wStatus) << llvm::left_justify("output", wOut)
     << llvm::left_justify("max_abs", wAbs) << llvm::left_justify("max_rel", wRel)
     << "mismatches\n";
  for (const CaseResult &c : r.cases) {
    bool first = true;
    for (const OutputResult &o : c.outputs) {
      os << llvm::left_justify(first ? bindingsToString(c.sizes, task.sizeNames) : "", wSize)
         << llvm::left_justify(first ? std::to_string(c.seed) : "", wSeed)
         << llvm::left_justify(first ? toString(c.status) : "", wStatus)
         << llvm::left_justify(o.param, wOut) << llvm::left_justify(fmtErr(o.stats.maxAbsErr), wAbs)
         << llvm::left_justify(fmtErr(o.stats.maxRelErr), wRel) << o.stats.mismatches << "/"
         << o.stats.numel;
      if (o.stats.unwritten)
        os << " (" << o.stats.unwritten << " unwritten)";
      if (o.nondeterministic)
        os << " (" << o.nondeterministic << " differ between runs)";
      os << "\n";
      first = false;
    }
    for (const ExecFault &f : c.faults)
      os << "    fault: " << f.kind << ": " << f.message << "\n";
  }
  // The first mismatches of the first failing case.
  for (const CaseResult &c : r.cases) {
    if (c.pass())
      continue;
    for (const OutputResult &o : c.outputs) {
      if (o.stats.first.empty())
        continue;
      os << "first mismatches of '" << o.param << "' (" << bindingsToString(c.sizes, task.sizeNames)
         << ", seed " << c.seed << "):\n";
      for (const Mismatch &m : o.stats.first) {
        std::string idx;
        for (int64_t i : m.index)
          idx += (idx.empty() ? "" : ", ") + std::to_string(i);
        os << "  [" << idx << "]  got " << llvm::format("%.9g", m.got) << "  want "
           << llvm::format("%.9g", m.want) << (m.unwritten ? "  (never written)" : "") << "\n";
      }
    }
    break;
  }
}

/// Whether `report` names an existing file that is one of the task's inputs.
static bool clobbersInput(StringRef report, llvm::ArrayRef<std::string> inputs) {
  if (!llvm::sys::fs::exists(report))
    return false;
  for (const std::string &in : inputs) {
    bool same = false;
    if (!in.empty() && !llvm::sys::fs::equivalent(report, in, same) && same)
      return true;
  }
  return false;
}

static int runMain(int argc, char **argv) {
  std::string taskPath, candidatePath, target = "auto", reportPath;
  for (int i = 1; i < argc; ++i) {
    StringRef a = argv[i];
    auto value = [&](std::string &out) {
      if (a.contains('=')) {
        out = a.split('=').second.str();
        return true;
      }
      if (i + 1 >= argc) {
        llvm::errs() << "kfix run: " << a << " needs a value\n";
        return false;
      }
      out = argv[++i];
      return true;
    };
    if (a == "--help" || a == "-h") {
      printHelp(llvm::outs());
      return 0;
    }
    if (a == "--candidate" || a.starts_with("--candidate=")) {
      if (!value(candidatePath))
        return 2;
    } else if (a == "--target" || a.starts_with("--target=")) {
      if (!value(target))
        return 2;
    } else if (a == "--report" || a.starts_with("--report=")) {
      if (!value(reportPath))
        return 2;
    } else if (a.starts_with("-")) {
      llvm::errs() << "kfix run: unknown option '" << a << "'\n";
      printHelp(llvm::errs());
      return 2;
    } else if (taskPath.empty()) {
      taskPath = a.str();
    } else {
      llvm::errs() << "kfix run: unexpected argument '" << a << "'\n";
      return 2;
    }
  }
  if (taskPath.empty()) {
    llvm::errs() << "kfix run: missing TASK.json\n";
    printHelp(llvm::errs());
    return 2;
  }
  if (target != "auto" && target != "cpu" && target != "cuda") {
    llvm::errs() << "kfix run: --target must be auto, cpu or cuda (got '" << target << "')\n";
    return 2;
  }

  // The report is written for every outcome once the arguments are understood.
  ValidationResult result;
  llvm::json::Object header{{"kfix_report", 1}, {"command", "run"}, {"task", taskPath}};
  std::vector<std::string> protectedFiles = {taskPath};
  auto finish = [&](const TaskManifest *task) -> int {
    if (result.isError())
      llvm::errs() << "kfix run: error: " << result.error << "\n";
    if (result.verdict == ValidationVerdict::NotVerified)
      llvm::errs() << "kfix run: " << result.error << "\n";
    if (!reportPath.empty()) {
      if (clobbersInput(reportPath, protectedFiles)) {
        llvm::errs() << "kfix run: error: --report " << reportPath
                     << " would overwrite an input of the task; not written\n";
        return 2;
      }
      llvm::json::Value v =
          toJSON(result, task ? llvm::ArrayRef(task->sizeNames) : llvm::ArrayRef<std::string>());
      llvm::json::Object &o = *v.getAsObject();
      for (auto &kv : header)
        o[kv.first] = kv.second;
      std::string text;
      llvm::raw_string_ostream(text) << llvm::formatv("{0:2}", llvm::json::Value(std::move(v)));
      if (llvm::Error e = writeFileAtomically(reportPath, text + "\n")) {
        llvm::errs() << "kfix run: error: " << llvm::toString(std::move(e)) << "\n";
        return 2;
      }
    }
    if (result.verdict == ValidationVerdict::NotVerified)
      return kExitNotVerified;
    return result.isError() ? 2 : result.verdict == ValidationVerdict::Pass ? 0 : 1;
  };
  auto error = [&](const std::string &msg, const TaskManifest *task = nullptr) {
    result.verdict = ValidationVerdict::Error;
    result.error = msg;
    return finish(task);
  };

  auto task = loadManifest(taskPath);
  if (!task)
    return error(llvm::toString(task.takeError()));
  for (const std::string &w : task->warnings)
    llvm::errs() << "kfix run: warning: " << w << "\n";
  if (candidatePath.empty())
    candidatePath = task->source;
  header["name"] = task->name;
  header["candidate"] = candidatePath;
  protectedFiles.push_back(task->source);
  protectedFiles.push_back(candidatePath);
  protectedFiles.push_back(task->reference.source);
  for (const auto &kv : task->inputs)
    protectedFiles.push_back(kv.second.path);
  if (!reportPath.empty() && clobbersInput(reportPath, protectedFiles))
    return error("--report " + reportPath + " would overwrite an input of the task");

  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::string err;
  mlir::OwningOpRef<mlir::ModuleOp> cand =
      loadKernelModule(ctx, candidatePath, task->candidateKernels(), err);
  if (!cand) {
    if (std::optional<Unliftable> u = findUnliftable(err)) {
      result.verdict = ValidationVerdict::NotVerified;
      result.error = u->message();
      header["not_verified"] =
          llvm::json::Object{{"construct", u->construct}, {"location", u->location}};
      return finish(&*task);
    }
    return error("candidate: " + err, &*task);
  }
  mlir::OwningOpRef<mlir::ModuleOp> ref;
  if (task->reference.kind == ReferenceSpec::cuda) {
    ref = loadKernelModule(ctx, task->reference.source, task->referenceKernels(), err);
    if (!ref)
      return error("reference: " + err, &*task);
  }
  std::unique_ptr<Executor> exec = createExecutor(target, err);
  if (!exec)
    return error("--target " + target + ": " + err, &*task);

  llvm::outs() << "task " << task->name << ": candidate " << displayPath(candidatePath)
               << ", target " << exec->name() << ", " << task->sizes.size() << " size(s) x "
               << task->seeds << " seed(s)\n";
  result = validate(*task, *exec, *cand, ref ? *ref : mlir::ModuleOp(), ValidateOptions());
  if (!result.cases.empty())
    printTable(llvm::outs(), *task, result);
  if (!result.isError())
    llvm::outs() << "verdict: " << (result.verdict == ValidationVerdict::Pass ? "PASS" : "FAIL")
                 << " (" << result.passed() << "/" << result.cases.size() << " cases pass)\n";
  llvm::outs().flush();
  return finish(&*task);
}

static bool registered = (registerSubcommand({"run",
                                              "validate a candidate kernel against a task's "
                                              "reference (every element, size and seed)",
                                              runMain}),
                          true);
