//===- CmdKernelBench.cpp - `kfix import-kernelbench` / `export-kernelbench` -===//
#include "kfix/Driver/Args.h"
#include "kfix/Driver/Driver.h"
#include "kfix/KernelBench/KernelBench.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace kfix;

static int importMain(int argc, char **argv) {
  Args args("kfix import-kernelbench --problem PROBLEM.py --candidate CANDIDATE.py -o TASKDIR");
  args.option("problem", "the KernelBench problem (class Model, get_inputs, get_init_inputs)")
      .option("candidate", "the candidate module (load_inline sources, class ModelNew)")
      .option("output", "the task directory to write", {"-o"})
      .option("python", "interpreter for the reference command (default python3; needs torch)")
      .option("max-elements", "largest buffer of a task size (default 1048576)")
      .option("seed", "seed of the generated weights (default 0)")
      .flag("allow-torch-ops", "import despite integrity findings (torch compute, fallbacks)");
  int code = 0;
  if (!args.parse(argc, argv, code))
    return code;
  KernelBenchImportOptions o;
  auto problem = args.get("problem"), candidate = args.get("candidate"),
       out = args.get("output");
  if (!problem || !candidate || !out || !args.positionals().empty()) {
    args.printHelp(errs());
    return 2;
  }
  o.problem = *problem;
  o.candidate = *candidate;
  o.outDir = *out;
  o.python = args.get("python", "python3");
  o.allowTorchOps = args.has("allow-torch-ops");
  std::string err;
  int64_t seed = 0;
  if (!args.getInt("max-elements", o.maxElements, o.maxElements, err) ||
      !args.getInt("seed", seed, 0, err)) {
    errs() << "kfix import-kernelbench: " << err << "\n";
    return 2;
  }
  if (o.maxElements < 1) {
    errs() << "kfix import-kernelbench: --max-elements must be positive\n";
    return 2;
  }
  o.seed = static_cast<uint64_t>(seed);
  KernelBenchImport r = importKernelBench(o);
  for (const KernelBenchFinding &f : r.findings)
    errs() << f.where << ": INTEGRITY " << f.kind << ": " << f.message << "\n";
  for (const std::string &e : r.errors)
    errs() << e << "\n";
  for (const std::string &n : r.notes)
    errs() << "note: " << n << "\n";
  if (!r.ok)
    return 1;
  outs() << "imported " << o.candidate << " -> " << o.outDir << "/task.json\n";
  return 0;
}

static int exportMain(int argc, char **argv) {
  Args args("kfix export-kernelbench --candidate CANDIDATE.py --repaired REPAIRED.cu -o NEW.py");
  args.option("candidate", "the candidate module the task was imported from")
      .option("repaired", "the repaired kernels (.cu), same names and signatures")
      .option("output", "the module to write (never the candidate)", {"-o"});
  int code = 0;
  if (!args.parse(argc, argv, code))
    return code;
  auto candidate = args.get("candidate"), repaired = args.get("repaired"),
       out = args.get("output");
  if (!candidate || !repaired || !out || !args.positionals().empty()) {
    args.printHelp(errs());
    return 2;
  }
  std::vector<std::string> replaced;
  if (Error e = exportKernelBench(*candidate, *repaired, *out, replaced)) {
    errs() << "kfix export-kernelbench: " << toString(std::move(e)) << "\n";
    return 1;
  }
  outs() << "wrote " << *out << " (";
  for (size_t i = 0; i < replaced.size(); ++i)
    outs() << (i ? ", " : "") << replaced[i];
  outs() << ")\n";
  return 0;
}

static bool registered = [] {
  registerSubcommand({"import-kernelbench",
                      "turn a KernelBench problem + candidate into a kfix task", importMain});
  registerSubcommand({"export-kernelbench",
                      "splice repaired kernels back into a KernelBench candidate", exportMain});
  return true;
}();
