//===- Regenerate.cpp - the "regenerate from scratch" baseline ------------===//
#include "kfix/Support/BoundedJSON.h"
#include "kfix/LiftedIR/LiftedIR.h"
#include "kfix/Bench/Regenerate.h"

#include "kfix/Integrity/Gate.h"
#include "kfix/LLM/Client.h"
#include "kfix/Runtime/Validate.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace kfix;
using namespace kfix::bench;

std::string bench::kernelSignature(mlir::ModuleOp module, llvm::StringRef kernelName) {
  std::string sig;
  module.walk([&](mlir::gpu::GPUFuncOp f) {
    if (!sig.empty() || !f.isKernel())
      return;
    llvm::StringRef n = kfix::kernelName(f);
    if (n != kernelName)
      return;
    auto names = f->getAttrOfType<mlir::ArrayAttr>("kfix.arg_names");
    auto ctypes = f->getAttrOfType<mlir::ArrayAttr>("kfix.arg_ctypes");
    if (!names || !ctypes || names.size() != ctypes.size())
      return;
    // Template instances: the kernel is named as written; ask for a plain one.
    std::string plain = n.str();
    if (auto lt = plain.find('<'); lt != std::string::npos)
      plain = f.getName().str();
    sig = "__global__ void " + plain + "(";
    for (unsigned i = 0; i < names.size(); ++i) {
      auto t = llvm::dyn_cast<mlir::StringAttr>(ctypes[i]);
      auto a = llvm::dyn_cast<mlir::StringAttr>(names[i]);
      if (!t || !a) {
        sig.clear();
        return;
      }
      if (i)
        sig += ", ";
      std::string ty = t.getValue().str();
      sig += ty;
      if (!ty.empty() && ty.back() != '*' && ty.back() != '&')
        sig += " ";
      sig += a.getValue().str();
    }
    sig += ")";
  });
  return sig;
}

std::string bench::buildRegeneratePrompt(const BenchTask &task, const Session &s,
                                         llvm::StringRef launchJSON) {
  std::string p;
  llvm::raw_string_ostream os(p);
  os << "Write a CUDA kernel.\n\n";
  os << "Operator: " << task.name;
  if (!task.note.empty())
    os << ": " << task.note;
  os << "\n\nThe kernel must have exactly this signature (a drop-in replacement):\n"
     << kernelSignature(*s.candidate, s.task.kernel) << "\n\n";
  os << "Launch configuration (expressions over the problem sizes): " << launchJSON << "\n";
  os << "Problem sizes it is tested on include sizes that are not multiples of the block "
        "size.\n\n";
  os << "Parameters:\n";
  for (const ParamSpec &prm : s.task.params)
    os << "- " << prm.name << ": " << roleName(prm.role) << "\n";
  os << "\nA reference implementation that computes the expected result (match its output "
        "within a relative tolerance of "
     << s.task.tolerance.rtol << " and an absolute one of " << s.task.tolerance.atol << "):\n";
  std::string ref = readTextFile(s.task.reference.source);
  if (!ref.empty())
    os << "```cuda\n" << ref << (llvm::StringRef(ref).ends_with("\n") ? "" : "\n") << "```\n";
  else
    os << "(the reference is a program, not a kernel)\n";
  os << "\nReply with the complete kernel source in one ```cuda code block (includes and "
        "device helper functions allowed, no host code, no main).\n";
  return p;
}

std::optional<std::string> bench::extractCodeBlock(llvm::StringRef reply) {
  size_t pos = 0;
  while (true) {
    size_t open = reply.find("```", pos);
    if (open == llvm::StringRef::npos)
      return std::nullopt;
    size_t lineEnd = reply.find('\n', open);
    if (lineEnd == llvm::StringRef::npos)
      return std::nullopt;
    size_t close = reply.find("```", lineEnd + 1);
    if (close == llvm::StringRef::npos)
      return std::nullopt;
    llvm::StringRef body = reply.slice(lineEnd + 1, close);
    if (body.contains("__global__"))
      return body.str();
    pos = close + 3;
  }
}

/// The task's "launch" (or "launches") object as written, for the prompt.
static std::string launchText(llvm::StringRef taskPath) {
  auto buf = llvm::MemoryBuffer::getFile(taskPath);
  if (!buf)
    return "";
  auto json = kfix::parseBoundedJSON((*buf)->getBuffer());
  if (!json) {
    llvm::consumeError(json.takeError());
    return "";
  }
  auto *o = json->getAsObject();
  if (!o)
    return "";
  if (auto *l = o->get("launch"))
    return llvm::formatv("{0}", *l).str();
  if (auto *l = o->get("launches"))
    return llvm::formatv("{0}", *l).str();
  return "";
}

/// Validates one regenerated source file with the task's harness and gate.
static void judge(const BenchTask &task, const Session &orig, const BenchOptions &opts,
                  llvm::StringRef file, RegenAttempt &a) {
  SessionError serr;
  auto s = openSession(task.path, file, opts.target, serr);
  if (!s) {
    a.outcome = serr.stage == "candidate" ? "compile-error" : "error";
    a.detail = serr.message;
    return;
  }
  ValidateOptions vo;
  vo.keepMasks = false;
  vo.keepFailingBuffers = false;
  vo.stopAtFirstFailure = true;
  ValidationResult v = validate(s->task, *s->executor, *s->candidate,
                                s->reference ? *s->reference : mlir::ModuleOp(), vo);
  if (v.isError()) {
    a.outcome = "compile-error";
    a.detail = v.error;
    return;
  }
  if (v.verdict != ValidationVerdict::Pass) {
    a.outcome = "fail";
    for (const CaseResult &c : v.cases)
      if (!c.pass()) {
        a.detail = toString(c.status).str() + " at " + bindingsToString(c.sizes, s->task.sizeNames);
        break;
      }
    return;
  }
  GateInput gi;
  gi.task = &s->task;
  gi.executor = s->executor.get();
  gi.caseCache = s->caseCache.get();
  gi.candidate = *s->candidate;
  gi.reference = s->reference ? *s->reference : mlir::ModuleOp();
  // The signature check compares with the task's source; no diff budget (a
  // regenerated kernel is new code by design).
  gi.original = *s->original;
  GateReport g = runGate(gi, opts.debug.gate);
  if (!g.passed) {
    a.outcome = "gate-rejected";
    a.detail = g.reason();
    return;
  }
  a.outcome = "pass";
  (void)orig;
}

std::vector<RegenAttempt>
bench::regenerateTask(const BenchTask &task, Session &s, const BenchOptions &opts,
                      llvm::StringRef outDir,
                      std::function<void(const std::vector<RegenAttempt> &)> onAttempt) {
  std::vector<RegenAttempt> attempts;
  const RegenerateOptions &ro = opts.regenerate;
  llm::LLMConfigOverrides ov;
  ov.baseURL = ro.llmBaseURL;
  ov.model = ro.llmModel;
  ov.apiKeyEnv = ro.llmApiKeyEnv;
  ov.temperature = ro.temperature;
  ov.maxTokens = ro.maxReplyTokens;
  if (ro.tokenBudget)
    ov.tokenBudget = ro.tokenBudget;
  auto cfg = llm::resolveLLMConfig(ov);
  if (!cfg) {
    std::string e = llvm::toString(cfg.takeError());
    for (unsigned i = 0; i < ro.k; ++i)
      attempts.push_back({"llm-error", e, 0});
    return attempts;
  }
  llm::LLMClient client(*cfg);
  std::string prompt = buildRegeneratePrompt(task, s, launchText(task.path));
  auto record = [&](RegenAttempt a) {
    attempts.push_back(std::move(a));
    if (onAttempt)
      onAttempt(attempts);
  };
  for (unsigned i = 0; i < ro.k; ++i) {
    RegenAttempt a;
    llm::ChatRequest req;
    req.messages.push_back(
        {llm::ChatMessage::Role::System,
         "You are an expert CUDA programmer. You write correct, self-contained CUDA kernels."});
    req.messages.push_back({llm::ChatMessage::Role::User, prompt});
    uint64_t before = client.getTotalUsage().total();
    auto reply = client.chat(req);
    a.tokens = client.getTotalUsage().total() - before;
    if (!reply) {
      a.outcome = "llm-error";
      a.detail = llvm::toString(reply.takeError());
      record(std::move(a));
      continue;
    }
    auto code = extractCodeBlock(reply->content);
    if (!code) {
      a.outcome = "no-code";
      a.detail = "the reply has no fenced code block defining a __global__ function";
      record(std::move(a));
      continue;
    }
    llvm::SmallString<256> file(outDir);
    llvm::sys::path::append(file, llvm::formatv("regen-{0}.cu", i + 1).str());
    std::error_code ec;
    {
      llvm::raw_fd_ostream os(file, ec);
      if (!ec)
        os << *code;
    }
    if (ec) {
      a.outcome = "error";
      a.detail = "cannot write " + std::string(file) + ": " + ec.message();
      record(std::move(a));
      continue;
    }
    judge(task, s, opts, file, a);
    record(std::move(a));
  }
  return attempts;
}
