//===- CmdCompareExecutors.cpp - `kfix compare-executors` -----------------===//
//
// Runs a task's candidate on the CPU executor and on the CUDA executor with
// the same inputs (one seed per size) and compares the outputs element for
// element with the task's tolerance. This is how the agreement of the two
// executors is measured on a GPU machine. Exit status: 0 they agree, 1 they
// differ, 2 error (e.g. no GPU).
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/Session.h"
#include "kfix/Driver/Args.h"
#include "kfix/Driver/Driver.h"
#include "kfix/Runtime/Compare.h"
#include "kfix/Runtime/ExecutorRegistry.h"
#include "kfix/Runtime/Inputs.h"
#include "kfix/Runtime/Validate.h"

#include "llvm/Support/FormatVariadic.h"

using namespace kfix;

namespace {
struct Side {
  std::unique_ptr<Executor> exec;
  std::map<std::string, std::unique_ptr<CompiledKernel>> kernels;
};

bool runLaunches(const TaskManifest &task, Side &side, std::vector<Buffer> &bufs, const Bindings &b,
                 std::string &err) {
  auto resolved = resolveParams(task, b);
  if (!resolved) {
    err = llvm::toString(resolved.takeError());
    return false;
  }
  for (const KernelLaunch &l : task.launches) {
    auto cfg = l.launch.eval(b);
    if (!cfg) {
      err = llvm::toString(cfg.takeError());
      return false;
    }
    std::vector<KernelArg> args = launchArgs(task, l, *resolved, bufs);
    ExecResult r = side.kernels[l.kernel]->launch(*cfg, args, ExecOptions());
    if (!r.ok) {
      err = r.faults.empty() ? "launch failed"
                             : r.faults.front().kind + ": " + r.faults.front().message;
      return false;
    }
  }
  return true;
}
} // namespace

static int compareMain(int argc, char **argv) {
  Args args("kfix compare-executors TASK.json [--candidate FILE]");
  args.option("candidate", "the kernel to run (default: the task's source)");
  int code = 0;
  if (!args.parse(argc, argv, code, 1))
    return code;
  auto s = openSessionOrReport("kfix compare-executors", args.positionals()[0],
                               args.get("candidate", ""), "cpu");
  if (!s)
    return 2;
  Side cpu, gpu;
  std::string why;
  cpu.exec = createExecutor("cpu", why);
  gpu.exec = createExecutor("cuda", why);
  if (!cpu.exec || !gpu.exec) {
    llvm::errs() << "kfix compare-executors: " << why << "\n";
    return 2;
  }
  for (Side *side : {&cpu, &gpu})
    for (const std::string &k : s->task.candidateKernels()) {
      std::string err;
      auto ck = side->exec->compile(*s->candidate, k, err);
      if (!ck) {
        llvm::errs() << "kfix compare-executors: " << side->exec->name() << ": " << err << "\n";
        return 2;
      }
      side->kernels[k] = std::move(ck);
    }
  const TaskManifest &task = s->task;
  bool agree = true;
  for (unsigned si = 0; si < task.sizes.size(); ++si) {
    const Bindings &b = task.sizes[si];
    auto resolved = resolveParams(task, b);
    if (!resolved) {
      llvm::errs() << llvm::toString(resolved.takeError()) << "\n";
      return 2;
    }
    auto made = makeCaseBuffers(task, *resolved, si, 0);
    if (!made) {
      llvm::errs() << llvm::toString(made.takeError()) << "\n";
      return 2;
    }
    std::vector<Buffer> base = std::move(*made);
    std::vector<Buffer> a = base, g = base;
    std::string err;
    if (!runLaunches(task, cpu, a, b, err) || !runLaunches(task, gpu, g, b, err)) {
      llvm::outs() << bindingsToString(b, task.sizeNames) << ": error: " << err << "\n";
      agree = false;
      continue;
    }
    for (size_t i = 0; i < task.params.size(); ++i) {
      const ParamSpec &p = task.params[i];
      if (!p.isChecked())
        continue;
      bool exact;
      Tolerance tol = task.toleranceFor(p, exact);
      CompareStats st = compareBuffers(g[i], a[i], tol, exact, 3);
      llvm::outs() << llvm::formatv(
          "{0,-24} {1,-8} {2} of {3} differ, max abs {4:g}, max rel {5:g}\n",
          bindingsToString(b, task.sizeNames), p.name, st.mismatches, st.numel, st.maxAbsErr,
          st.maxRelErr);
      agree &= st.pass();
    }
  }
  llvm::outs() << (agree ? "AGREE" : "DIFFER") << "\n";
  return agree ? 0 : 1;
}

static bool registered = (registerSubcommand({"compare-executors",
                                              "run a task on the CPU and CUDA executors and "
                                              "compare the outputs element for element",
                                              compareMain, /*hidden=*/false}),
                          true);
