//===- Session.cpp - a task opened for run/diagnose/debug/check -----------===//
#include "kfix/Agent/Session.h"
#include "llvm/Support/raw_ostream.h"

#include "kfix/InitAll.h"
#include "kfix/Runtime/ExecutorRegistry.h"
#include "kfix/Runtime/KernelSource.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace kfix;

std::unique_ptr<Session> kfix::openSessionOrReport(llvm::StringRef command,
                                                   llvm::StringRef taskPath,
                                                   llvm::StringRef candidatePath,
                                                   llvm::StringRef target) {
  SessionError err;
  auto s = openSession(taskPath, candidatePath, target, err);
  if (!s)
    llvm::errs() << command << ": " << err.stage << ": " << err.message << "\n";
  return s;
}

std::string kfix::readTextFile(llvm::StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return "";
  return (*buf)->getBuffer().str();
}

std::vector<std::string> Session::protectedFiles() const {
  std::vector<std::string> p = {task.path, task.source, candidatePath, task.reference.source};
  for (const auto &kv : task.inputs)
    if (!kv.second.path.empty())
      p.push_back(kv.second.path);
  return p;
}

std::unique_ptr<Session> kfix::openSession(llvm::StringRef taskPath, llvm::StringRef candidatePath,
                                           llvm::StringRef target, SessionError &err) {
  auto s = std::make_unique<Session>();
  auto task = loadManifest(taskPath);
  if (!task) {
    err = {"task", llvm::toString(task.takeError())};
    return nullptr;
  }
  s->task = std::move(*task);
  s->candidatePath = candidatePath.empty() ? s->task.source : candidatePath.str();

  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  s->ctx = std::make_unique<mlir::MLIRContext>(registry);
  s->ctx->loadAllAvailableDialects();

  std::string e;
  s->candidate = loadKernelModule(*s->ctx, s->candidatePath, s->task.candidateKernels(), e);
  if (!s->candidate) {
    err = {"candidate", e};
    return nullptr;
  }
  if (s->candidatePath == s->task.source) {
    s->original =
        mlir::OwningOpRef<mlir::ModuleOp>(llvm::cast<mlir::ModuleOp>(s->candidate.get()->clone()));
  } else {
    s->original = loadKernelModule(*s->ctx, s->task.source, s->task.candidateKernels(), e);
    if (!s->original) {
      err = {"candidate", "the task's source: " + e};
      return nullptr;
    }
  }
  if (llvm::StringRef(s->candidatePath).ends_with(".cu"))
    s->candidateSource = readTextFile(s->candidatePath);
  if (llvm::StringRef(s->task.source).ends_with(".cu"))
    s->originalSource = readTextFile(s->task.source);
  if (s->task.reference.kind == ReferenceSpec::cuda) {
    s->reference =
        loadKernelModule(*s->ctx, s->task.reference.source, s->task.referenceKernels(), e);
    if (!s->reference) {
      err = {"reference", e};
      return nullptr;
    }
  }
  std::unique_ptr<Executor> exec = createExecutor(target, e);
  if (!exec) {
    err = {"target", "--target " + target.str() + ": " + e};
    return nullptr;
  }
  auto cache = std::make_unique<CachingExecutor>(std::move(exec));
  s->compileCache = cache.get();
  s->executor = std::move(cache);
  s->caseCache = std::make_unique<CaseCache>();
  return s;
}
