//===- Bench.cpp - tasks, subsets, shards and per-task runs ---------------===//
#include "kfix/Support/BoundedJSON.h"
#include "kfix/Bench/Bench.h"
#include "kfix/Bench/Regenerate.h"

#include "kfix/Agent/Outputs.h"
#include "kfix/Agent/Session.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace kfix;
using namespace kfix::bench;

//===----------------------------------------------------------------------===//
// Tasks
//===----------------------------------------------------------------------===//

llvm::Expected<BenchTask> bench::readBenchTask(llvm::StringRef taskPath, llvm::StringRef rootDir) {
  auto buf = llvm::MemoryBuffer::getFile(taskPath);
  if (!buf)
    return llvm::createStringError(buf.getError(), "%s: %s", taskPath.str().c_str(),
                                   buf.getError().message().c_str());
  auto json = kfix::parseBoundedJSON((*buf)->getBuffer());
  if (!json)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s", taskPath.str().c_str(),
                                   llvm::toString(json.takeError()).c_str());
  BenchTask t;
  t.path = taskPath.str();
  llvm::StringRef dir = llvm::sys::path::parent_path(taskPath);
  llvm::StringRef root = rootDir;
  while (root.size() > 1 && root.ends_with("/"))
    root = root.drop_back();
  if (dir == root || dir.empty())
    t.id = ".";
  else if (dir.starts_with(root) && dir.size() > root.size() && dir[root.size()] == '/')
    t.id = dir.drop_front(root.size() + 1).str();
  else
    t.id = dir.str();
  auto *obj = json->getAsObject();
  if (!obj)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: the task is not a JSON object", taskPath.str().c_str());
  if (auto n = obj->getString("name"))
    t.name = n->str();
  else
    t.name = t.id == "." ? llvm::sys::path::filename(dir).str() : t.id;
  if (auto *meta = obj->getObject("kfix_bench")) {
    if (auto f = meta->getString("family"))
      t.family = f->str();
    if (auto n = meta->getString("note"))
      t.note = n->str();
    if (auto *bugs = meta->getArray("bugs")) {
      for (const auto &b : *bugs) {
        auto s = b.getAsString();
        if (!s)
          return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                         "%s: kfix_bench.bugs: expected strings",
                                         taskPath.str().c_str());
        t.bugs.push_back(s->str());
      }
    }
  }
  return t;
}

llvm::Expected<std::vector<BenchTask>> bench::discoverTasks(llvm::StringRef dir) {
  if (!llvm::sys::fs::is_directory(dir))
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: not a directory",
                                   dir.str().c_str());
  std::vector<std::string> paths;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::filename(it->path()) == "task.json")
      paths.push_back(it->path());
  if (ec)
    return llvm::createStringError(ec, "%s: %s", dir.str().c_str(), ec.message().c_str());
  llvm::sort(paths);
  std::vector<BenchTask> tasks;
  for (auto &p : paths) {
    auto t = readBenchTask(p, dir);
    if (!t)
      return t.takeError();
    tasks.push_back(std::move(*t));
  }
  return tasks;
}

llvm::Expected<Subset> bench::readSubset(llvm::StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return llvm::createStringError(buf.getError(), "%s: %s", path.str().c_str(),
                                   buf.getError().message().c_str());
  Subset s;
  llvm::SmallVector<llvm::StringRef> lines;
  (*buf)->getBuffer().split(lines, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::StringRef line = lines[i].trim();
    if (line.empty() || line.starts_with("#"))
      continue;
    if (line.consume_front("min-pass@1:")) {
      double v;
      if (line.trim().getAsDouble(v) || v < 0 || v > 1)
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "%s:%zu: min-pass@1 must be a number in [0, 1]",
                                       path.str().c_str(), i + 1);
      s.minPassAt1 = v;
      continue;
    }
    while (line.size() > 1 && line.ends_with("/"))
      line = line.drop_back();
    s.entries.push_back(line.str());
  }
  if (s.entries.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: lists no task",
                                   path.str().c_str());
  return s;
}

llvm::Expected<std::vector<BenchTask>> bench::loadSubset(llvm::StringRef dir,
                                                         const Subset &subset) {
  std::vector<BenchTask> out;
  for (const std::string &e : subset.entries) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, e, "task.json");
    if (!llvm::sys::fs::exists(p))
      return llvm::createStringError(llvm::inconvertibleErrorCode(), "subset entry '%s': no %s",
                                     e.c_str(), p.c_str());
    auto t = readBenchTask(p, dir);
    if (!t)
      return t.takeError();
    out.push_back(std::move(*t));
  }
  return out;
}

bool bench::parseShard(llvm::StringRef text, unsigned &index, unsigned &count) {
  auto [a, b] = text.split('/');
  return !a.getAsInteger(10, index) && !b.getAsInteger(10, count) && count > 0 && index < count;
}

bool bench::writeFileAtomic(llvm::StringRef path, llvm::StringRef text, std::string &error) {
  std::string tmp = (path + ".tmp" + llvm::Twine(::getpid())).str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(tmp, ec);
    if (ec) {
      error = "cannot write " + tmp + ": " + ec.message();
      return false;
    }
    os << text;
    os.close();
    if (os.has_error()) {
      error = "cannot write " + tmp + ": " + os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(tmp);
      return false;
    }
  }
  if (auto ec = llvm::sys::fs::rename(tmp, path)) {
    error = "cannot rename " + tmp + " to " + path.str() + ": " + ec.message();
    llvm::sys::fs::remove(tmp);
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Outcomes
//===----------------------------------------------------------------------===//

static llvm::json::Array strings(const std::vector<std::string> &v) {
  llvm::json::Array a;
  for (auto &s : v)
    a.push_back(s);
  return a;
}

llvm::json::Value TaskOutcome::toJSON() const {
  llvm::json::Array regenArr;
  for (const RegenAttempt &a : regen)
    regenArr.push_back(
        llvm::json::Object{{"outcome", a.outcome}, {"detail", a.detail}, {"tokens", a.tokens}});
  llvm::json::Object o{{"id", task.id},
                       {"task", task.path},
                       {"name", task.name},
                       {"family", task.family},
                       {"bugs", strings(task.bugs)},
                       {"verdict", verdict},
                       {"stop_reason", stopReason},
                       {"evaluations", evaluations},
                       {"iterations", iterations},
                       {"wall_ms", wallMs},
                       {"prompt_tokens", promptTokens},
                       {"completion_tokens", completionTokens},
                       {"gate_rejections", strings(gateRejections)},
                       {"gate_would_reject", gateWouldReject},
                       {"repairs", strings(repairs)}};
  if (!error.empty())
    o["error"] = error;
  if (!gateWouldRejectReason.empty())
    o["gate_would_reject_reason"] = gateWouldRejectReason;
  if (!regen.empty())
    o["regenerate"] = std::move(regenArr);
  return o;
}

static bool readStrings(const llvm::json::Object &o, llvm::StringRef key,
                        std::vector<std::string> &out) {
  if (auto *a = o.getArray(key))
    for (auto &v : *a)
      if (auto s = v.getAsString())
        out.push_back(s->str());
  return true;
}

bool bench::fromJSON(const llvm::json::Value &v, TaskOutcome &out, llvm::json::Path p) {
  auto *o = v.getAsObject();
  if (!o) {
    p.report("expected an object");
    return false;
  }
  auto str = [&](llvm::StringRef k) {
    auto s = o->getString(k);
    return s ? s->str() : std::string();
  };
  out.verdict = str("verdict");
  if (out.verdict.empty()) {
    p.field("verdict").report("missing");
    return false;
  }
  out.stopReason = str("stop_reason");
  out.error = str("error");
  out.evaluations = o->getInteger("evaluations").value_or(0);
  out.iterations = o->getInteger("iterations").value_or(0);
  out.wallMs = o->getNumber("wall_ms").value_or(0);
  out.promptTokens = o->getInteger("prompt_tokens").value_or(0);
  out.completionTokens = o->getInteger("completion_tokens").value_or(0);
  out.gateWouldReject = o->getBoolean("gate_would_reject").value_or(false);
  out.gateWouldRejectReason = str("gate_would_reject_reason");
  readStrings(*o, "gate_rejections", out.gateRejections);
  readStrings(*o, "repairs", out.repairs);
  if (auto *a = o->getArray("regenerate"))
    for (auto &e : *a)
      if (auto *eo = e.getAsObject()) {
        RegenAttempt r;
        r.outcome = eo->getString("outcome").value_or("").str();
        r.detail = eo->getString("detail").value_or("").str();
        r.tokens = eo->getInteger("tokens").value_or(0);
        out.regen.push_back(std::move(r));
      }
  return true;
}

//===----------------------------------------------------------------------===//
// Running a task
//===----------------------------------------------------------------------===//

/// Test hooks: KFIX_BENCH_TEST_CRASH / KFIX_BENCH_TEST_HANG name a task id whose
/// child aborts / sleeps (the isolation tests use them).
static bool testHook(const char *var, const BenchTask &t) {
  const char *v = std::getenv(var);
  return v && t.id == v;
}

TaskOutcome bench::runTaskInProcess(const BenchTask &task, const BenchOptions &opts,
                                    llvm::StringRef outDir,
                                    std::function<void(const TaskOutcome &)> checkpoint) {
  TaskOutcome out;
  out.task = task;
  if (testHook("KFIX_BENCH_TEST_CRASH", task))
    std::abort();
  if (testHook("KFIX_BENCH_TEST_HANG", task))
    std::this_thread::sleep_for(std::chrono::hours(1));

  SessionError serr;
  auto s = openSession(task.path, "", opts.target, serr);
  if (!s) {
    out.verdict = "error";
    out.error = serr.stage + ": " + serr.message;
    return out;
  }
  if (auto ec = llvm::sys::fs::create_directories(outDir)) {
    out.verdict = "error";
    out.error = "cannot create " + outDir.str() + ": " + ec.message();
    return out;
  }
  llvm::SmallString<256> tracePath(outDir);
  llvm::sys::path::append(tracePath, "trace.jsonl");
  std::error_code ec;
  llvm::raw_fd_ostream trace(tracePath, ec);
  DebugResult r = debugTask(*s, opts.debug, [&](const StepRecord &st) {
    if (!ec) {
      trace << llvm::formatv("{0}", st.toJSON()) << "\n";
      trace.flush();
    }
  });
  std::string werr;
  if (!writeDebugOutputs(*s, r, outDir, werr) && out.error.empty())
    out.error = werr;
  out.verdict = toString(r.verdict).str();
  out.stopReason = r.stopReason;
  if (!r.error.empty())
    out.error = r.error;
  out.evaluations = r.search.evaluations;
  out.iterations = r.search.iterations;
  out.wallMs = r.wallMs;
  out.promptTokens = r.promptTokens;
  out.completionTokens = r.completionTokens;
  out.gateRejections = r.gateRejections;
  if (!opts.debug.useGate && r.gateReport && !r.gateReport->passed) {
    out.gateWouldReject = true;
    out.gateWouldRejectReason = r.gateReport->reason();
  }
  if (r.search.repaired && r.search.best)
    for (const Action &a : r.search.best->path)
      out.repairs.push_back(a.describe());
  // The candidates live in the session's context.
  r.search.best.reset();

  if (opts.regenerate.enabled && out.verdict != "already-passing" && out.verdict != "error") {
    if (checkpoint)
      checkpoint(out);
    out.regen = regenerateTask(task, *s, opts, outDir, [&](const std::vector<RegenAttempt> &r) {
      if (!checkpoint)
        return;
      TaskOutcome partial = out;
      partial.regen = r;
      checkpoint(partial);
    });
  }
  return out;
}

static std::string outcomePath(llvm::StringRef outDir) {
  llvm::SmallString<256> p(outDir);
  llvm::sys::path::append(p, "outcome.json");
  return std::string(p);
}

TaskOutcome bench::runTaskIsolated(const BenchTask &task, const BenchOptions &opts,
                                   llvm::StringRef outDir) {
  TaskOutcome out;
  out.task = task;
  if (auto ec = llvm::sys::fs::create_directories(outDir)) {
    out.verdict = "error";
    out.error = "cannot create " + outDir.str() + ": " + ec.message();
    return out;
  }
  std::string resultFile = outcomePath(outDir);
  llvm::sys::fs::remove(resultFile);
  double limit =
      opts.taskTimeoutSec > 0 ? opts.taskTimeoutSec : opts.debug.budgets.timeLimitSec + 60;
  if (opts.regenerate.enabled && opts.taskTimeoutSec <= 0)
    limit += 120.0 * opts.regenerate.k;
  llvm::outs().flush();
  llvm::errs().flush();
  auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid < 0) {
    out.verdict = "error";
    out.error = "fork failed";
    return out;
  }
  if (pid == 0) {
    // The child: its own process group, so a kill reaches what it started.
    ::setpgid(0, 0);
    std::string err;
    // After the debug run, its outcome is saved: a regeneration that hangs
    // then costs only the regenerate attempts.
    TaskOutcome o = runTaskInProcess(task, opts, outDir, [&](const TaskOutcome &d) {
      writeFileAtomic(resultFile, llvm::formatv("{0:2}\n", d.toJSON()).str(), err);
    });
    bool ok = writeFileAtomic(resultFile, llvm::formatv("{0:2}\n", o.toJSON()).str(), err);
    llvm::outs().flush();
    llvm::errs().flush();
    ::_exit(ok ? 0 : 3);
  }
  int status = 0;
  bool timedOut = false;
  for (;;) {
    pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR) {
      status = -1;
      break;
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    bool interrupted = opts.debug.interrupted && opts.debug.interrupted->load();
    if (secs > limit || interrupted) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      timedOut = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(secs < 2 ? 5 : 50));
  }
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (timedOut && opts.debug.interrupted && opts.debug.interrupted->load()) {
    out.verdict = "error";
    out.error = "interrupted";
    out.wallMs = ms;
    return out;
  }
  std::string limitText =
      (limit == std::floor(limit)
           ? llvm::formatv("killed after the per-task limit of {0:F0} s", limit)
           : llvm::formatv("killed after the per-task limit of {0:F1} s", limit))
          .str();
  if (timedOut) {
    // The debug run finished (its checkpoint is there): the regenerations timed out.
    if (auto buf = llvm::MemoryBuffer::getFile(resultFile)) {
      auto json = kfix::parseBoundedJSON((*buf)->getBuffer());
      TaskOutcome parsed;
      llvm::json::Path::Root root;
      if (json && fromJSON(*json, parsed, root)) {
        parsed.task = task;
        while (parsed.regen.size() < opts.regenerate.k)
          parsed.regen.push_back({"timeout", limitText, 0});
        return parsed;
      }
      if (!json)
        llvm::consumeError(json.takeError());
    }
    out.verdict = "timeout";
    out.error = limitText;
    out.wallMs = ms;
    return out;
  }
  if (status == -1 || !WIFEXITED(status)) {
    out.verdict = "crash";
    out.error = WIFSIGNALED(status) ? llvm::formatv("the task's process died of signal {0} ({1})",
                                                    WTERMSIG(status), strsignal(WTERMSIG(status)))
                                          .str()
                                    : std::string("the task's process was lost");
    out.wallMs = ms;
    return out;
  }
  auto buf = llvm::MemoryBuffer::getFile(resultFile);
  if (!buf) {
    out.verdict = "crash";
    out.error = llvm::formatv("the task's process exited with status {0} without a result",
                              WEXITSTATUS(status))
                    .str();
    out.wallMs = ms;
    return out;
  }
  auto json = kfix::parseBoundedJSON((*buf)->getBuffer());
  TaskOutcome parsed;
  llvm::json::Path::Root root;
  if (!json || !fromJSON(*json, parsed, root)) {
    if (!json)
      llvm::consumeError(json.takeError());
    out.verdict = "crash";
    out.error = "the task's outcome.json is unreadable";
    out.wallMs = ms;
    return out;
  }
  parsed.task = task;
  return parsed;
}
