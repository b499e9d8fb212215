//===- CmdLLM.cpp - `kfix llm-ping`: drive the LLM client and planner -----===//
//
// A hidden subcommand for tests and for checking an endpoint by hand. With
// --context it runs the planner (one or more steps) on a prompt context JSON
// file and prints each validated action; with --message it sends one chat
// message and prints the reply. Errors print as `error[<code>]: <message>`.
// The API key never appears in anything it prints or logs.
//
//===----------------------------------------------------------------------===//
#include "kfix/Support/BoundedJSON.h"
#include "kfix/Driver/Driver.h"
#include "kfix/LLM/CommandLine.h"
#include "kfix/LLM/Patch.h"
#include "kfix/LLM/Planner.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>

using namespace kfix;
using namespace kfix::llm;

static llvm::Expected<std::string> readFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return llvm::createStringError(buf.getError(),
                                   "cannot read '" + path + "': " + buf.getError().message());
  return (*buf)->getBuffer().str();
}

static int llmPingMain(int argc, char **argv) {
  llvm::cl::OptionCategory cat("kfix llm-ping options");
  LLMCommandLineOptions llmOptions;
  llvm::cl::opt<std::string> contextFile(
      "context",
      llvm::cl::desc("prompt context JSON (kernel, diagnosis, actions, history): "
                     "run the planner"),
      llvm::cl::value_desc("file"), llvm::cl::cat(cat));
  llvm::cl::opt<std::string> kernelFile(
      "kernel",
      llvm::cl::desc("read the kernel source from this .cu file instead of the "
                     "context's kernel_source"),
      llvm::cl::value_desc("file"), llvm::cl::cat(cat));
  llvm::cl::opt<std::string> message(
      "message", llvm::cl::desc("send one user message and print the reply"), llvm::cl::cat(cat));
  llvm::cl::opt<unsigned> steps("steps", llvm::cl::desc("planner steps to run"), llvm::cl::init(1),
                                llvm::cl::cat(cat));
  llvm::cl::opt<std::string> logFile("log",
                                     llvm::cl::desc("write the client's trace here "
                                                    "('-' for stderr)"),
                                     llvm::cl::value_desc("file"), llvm::cl::cat(cat));
  llvm::cl::opt<bool> printPrompt(
      "print-prompt", llvm::cl::desc("print the planner's messages and stop"), llvm::cl::cat(cat));
  llvm::cl::opt<bool> printPatched("print-patched",
                                   llvm::cl::desc("print the kernel source after a patch action"),
                                   llvm::cl::cat(cat));
  llvm::cl::HideUnrelatedOptions({&cat, &getLLMOptionCategory()});
  if (!llvm::cl::ParseCommandLineOptions(
          argc, argv, "drive kfix's LLM client against an endpoint\n", &llvm::errs()))
    return 2;

  llvm::raw_ostream &out = llvm::outs();
  auto report = [&](llvm::StringRef prefix, llvm::Error err, const Redactor *redactor) {
    LLMErrorInfo info = takeLLMError(std::move(err));
    std::string msg = redactor ? redactor->redact(info.message) : redactGeneric(info.message);
    out << prefix << "error[" << getErrcName(info.code) << "]: " << msg << "\n";
    out.flush();
    return 1;
  };

  llvm::Expected<LLMConfig> config = resolveLLMConfig(llmOptions.toOverrides());
  if (!config)
    return report("", config.takeError(), nullptr);

  PromptContext context;
  if (!contextFile.empty()) {
    llvm::Expected<std::string> text = readFile(contextFile);
    if (!text)
      return report("", makeLLMError(LLMErrc::Config, llvm::toString(text.takeError())), nullptr);
    llvm::Expected<llvm::json::Value> json = kfix::parseBoundedJSON(*text);
    if (!json)
      return report(
          "", makeLLMError(LLMErrc::Config, contextFile + ": " + llvm::toString(json.takeError())),
          nullptr);
    llvm::Expected<PromptContext> parsed = parsePromptContext(*json);
    if (!parsed)
      return report(
          "",
          makeLLMError(LLMErrc::Config, contextFile + ": " + llvm::toString(parsed.takeError())),
          nullptr);
    context = std::move(*parsed);
    if (!kernelFile.empty()) {
      llvm::Expected<std::string> src = readFile(kernelFile);
      if (!src)
        return report("", makeLLMError(LLMErrc::Config, llvm::toString(src.takeError())), nullptr);
      context.kernelSource = std::move(*src);
    }
  } else if (message.empty()) {
    llvm::errs() << "kfix llm-ping: give --context FILE or --message TEXT\n";
    return 2;
  }

  LLMClient client(*config);
  std::unique_ptr<llvm::raw_fd_ostream> logStream;
  if (logFile == "-") {
    client.setLog(&llvm::errs());
  } else if (!logFile.empty()) {
    std::error_code ec;
    logStream = std::make_unique<llvm::raw_fd_ostream>(logFile, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return report(
          "", makeLLMError(LLMErrc::Config, "cannot write '" + logFile + "': " + ec.message()),
          nullptr);
    logStream->SetUnbuffered();
    client.setLog(logStream.get());
  }

  if (contextFile.empty()) {
    ChatRequest request;
    request.messages.push_back({ChatMessage::Role::User, message});
    llvm::Expected<ChatReply> reply = client.chat(request);
    if (!reply)
      return report("", reply.takeError(), &client.getRedactor());
    out << "reply: " << client.getRedactor().redact(reply->content) << "\n";
    out << "tokens: prompt=" << reply->usage.promptTokens
        << " completion=" << reply->usage.completionTokens << " attempts=" << reply->attempts
        << "\n";
    return 0;
  }

  LLMPlanner planner(client);
  if (printPrompt) {
    for (const ChatMessage &m : planner.buildMessages(context))
      out << "=== " << getRoleName(m.role) << " ===\n" << m.content << "\n";
    return 0;
  }

  int status = 0;
  for (unsigned step = 1; step <= steps; ++step) {
    std::string prefix = "step " + std::to_string(step) + ": ";
    llvm::Expected<PlanResult> result = planner.plan(context);
    if (!result) {
      status = report(prefix, result.takeError(), &client.getRedactor());
      break;
    }
    const Redactor &r = client.getRedactor();
    if (!result->firstReplyError.empty())
      out << prefix << "follow-up after: " << r.redact(result->firstReplyError) << "\n";
    out << prefix << "action: " << r.redact(result->action.summary()) << "\n";
    out << prefix << "json: " << r.redact(llvm::formatv("{0}", result->action.toJSON()).str())
        << "\n";
    out << prefix << "llm-calls=" << result->llmCalls << " tokens=" << result->tokens.promptTokens
        << "+" << result->tokens.completionTokens
        << llvm::formatv(" latency-ms={0:f1}", result->latencyMs) << "\n";
    if (result->action.kind == ActionKind::Patch && printPatched) {
      llvm::Expected<PatchResult> patched =
          applyUnifiedDiff(context.kernelSource, result->action.diff);
      if (!patched)
        return report(
            prefix, makeLLMError(LLMErrc::InvalidAction, llvm::toString(patched.takeError())), &r);
      out << prefix << "patched source:\n" << r.redact(patched->text);
    }
    context.history.push_back({result->action.summary(), "(not evaluated by llm-ping)"});
  }
  const TokenUsage &total = client.getTotalUsage();
  out << "session: tokens prompt=" << total.promptTokens << " completion=" << total.completionTokens
      << " total=" << total.total() << (total.estimated ? " (estimated)" : "")
      << " response_format=" << (client.isResponseFormatEnabled() ? "on" : "off") << "\n";
  return status;
}

[[maybe_unused]] static const bool registered = [] {
  registerSubcommand({"llm-ping", "drive the LLM client and planner (testing)", llmPingMain,
                      /*hidden=*/true});
  return true;
}();
