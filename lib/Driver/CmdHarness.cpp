//===- CmdHarness.cpp - `kfix harness-prepare` and `kfix exec-server` -----===//
//
// The two commands the Python harness (python/kfix_harness) drives:
// harness-prepare rewrites a load_inline candidate for the launch ABI of
// kfix_rt.h and lifts its kernels; exec-server runs lifted kernels on request
// (JSON lines on stdin/stdout). The logic is in lib/Harness.
//
//===----------------------------------------------------------------------===//
#include "kfix/Driver/Driver.h"
#include "kfix/Harness/ExecServer.h"
#include "kfix/Harness/Prepare.h"
#include "kfix/InitAll.h"
#include "kfix/Runtime/ExecutorRegistry.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>
#include <unistd.h>

using namespace llvm;
using namespace kfix;

static const char *kPrepareUsage =
    "usage: kfix harness-prepare SRC.cu -o DIR [-I dir]... [-D NAME[=V]]...\n"
    "                            [--torch-include dir]... [--no-cuda-toolkit]\n\n"
    "Prepares a KernelBench candidate's CUDA source for the Python harness:\n"
    "  DIR/kernels.mlir   the lifted kernels (omitted when they do not lift)\n"
    "  DIR/host.cpp       the source with every launch rewritten to ::kfix_rt::launch\n"
    "                     (python/kfix_harness/shim/kfix_rt.h) and device bodies emptied\n"
    "  DIR/manifest.json  kernels, launch sites, lift and host errors\n"
    "Exit status: 0 written, 2 bad input (nothing written).\n";

static int prepareMain(int argc, char **argv) {
  harness::PrepareOptions o;
  std::vector<std::string> positionals;
  for (int i = 1; i < argc; ++i) {
    StringRef a = argv[i];
    auto value = [&](StringRef flag, std::string &out) -> bool {
      if (a == flag) {
        if (i + 1 >= argc)
          return false;
        out = argv[++i];
        return true;
      }
      if (flag.starts_with("--") && a.starts_with((flag + "=").str())) {
        out = a.substr(flag.size() + 1).str();
        return true;
      }
      if (!flag.starts_with("--") && a.starts_with(flag) && a.size() > flag.size()) {
        out = a.substr(flag.size()).str();
        return true;
      }
      return false;
    };
    std::string v;
    if (a == "--help" || a == "-h") {
      outs() << kPrepareUsage;
      return 0;
    }
    if (a == "--no-cuda-toolkit") {
      o.noCudaToolkit = true;
    } else if (value("-o", v) || value("--output", v)) {
      o.outDir = v;
    } else if (value("-I", v)) {
      o.includeDirs.push_back(v);
    } else if (value("-D", v)) {
      o.defines.push_back(v);
    } else if (value("--torch-include", v)) {
      o.torchIncludes.push_back(v);
    } else if (a.starts_with("-") && a != "-") {
      errs() << "kfix harness-prepare: unknown or incomplete option '" << a << "'\n\n"
             << kPrepareUsage;
      return 2;
    } else {
      positionals.push_back(a.str());
    }
  }
  if (positionals.size() != 1 || o.outDir.empty()) {
    errs() << "kfix harness-prepare: expected one source file and -o DIR\n\n" << kPrepareUsage;
    return 2;
  }
  o.source = positionals[0];
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  harness::PrepareResult r = harness::prepareHarness(ctx, o);
  if (r.exitCode) {
    errs() << "kfix harness-prepare: " << r.error << "\n";
    return r.exitCode;
  }
  errs() << "kfix harness-prepare: " << r.numSites << " launch site(s), " << r.numKernels
         << " lifted kernel(s)" << (r.lifted ? "" : " (lifting failed: see manifest.json)") << ", "
         << r.hostErrors.size() << " host diagnostic(s) -> " << o.outDir << "\n";
  return 0;
}

static int serverMain(int argc, char **argv) {
  std::string target = "auto";
  for (int i = 1; i < argc; ++i) {
    StringRef a = argv[i];
    if (a == "--help" || a == "-h") {
      outs() << "usage: kfix exec-server [--target cpu|cuda|auto]\n\n"
                "Serves JSON requests, one per line on stdin, one response line each\n"
                "on stdout: {\"op\":\"load\",\"id\",\"mlir\"|\"mlir_text\"},\n"
                "{\"op\":\"launch\",\"id\",\"kernel\",\"grid\",\"block\",\"shmem\",\"args\","
                "\"timeout_s\"},\n{\"op\":\"quit\"} (docs/harness.md).\n";
      return 0;
    }
    if (a == "--target" && i + 1 < argc) {
      target = argv[++i];
    } else if (a.starts_with("--target=")) {
      target = a.substr(9).str();
    } else {
      errs() << "kfix exec-server: unknown option '" << a << "'\n";
      return 2;
    }
  }
  std::string why;
  std::unique_ptr<Executor> exec = createExecutor(target, why);
  if (!exec) {
    errs() << "kfix exec-server: no executor for --target " << target << ": " << why << "\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  // The protocol owns the real stdout; anything else that writes to fd 1 (the
  // CUDA worker child, a driver's message) goes to stderr instead.
  outs().flush();
  int protocolFd = ::dup(1);
  if (protocolFd < 0 || ::dup2(2, 1) < 0) {
    errs() << "kfix exec-server: cannot set up stdout\n";
    return 2;
  }
  raw_fd_ostream protocol(protocolFd, /*shouldClose=*/true, /*unbuffered=*/false);
  errs() << "kfix exec-server: ready (" << exec->name() << " executor)\n";
  harness::ExecServer server(ctx, std::move(exec));
  return server.serve(std::cin, protocol);
}

static bool registered = [] {
  registerSubcommand({"harness-prepare",
                      "rewrite a load_inline candidate's launches for the Python harness",
                      prepareMain});
  registerSubcommand({"exec-server",
                      "run lifted kernels on request (JSON lines; the Python harness)",
                      serverMain});
  return true;
}();
