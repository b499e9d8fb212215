//===- ChildProcess.cpp - run CUDA work in a forked child -----------------===//
#include "ChildProcess.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace kfix;

SharedRegion::SharedRegion(size_t size) : bytes(size ? size : 1) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  base = p == MAP_FAILED ? nullptr : p;
}

SharedRegion::~SharedRegion() {
  if (base)
    munmap(base, bytes);
}

std::string ChildOutcome::describe() const {
  switch (kind) {
  case Exited:
    return "exited with status " + std::to_string(code);
  case Signaled:
    return std::string("killed by signal ") + std::to_string(code) + " (" + strsignal(code) + ")";
  case TimedOut:
    return "timed out";
  case ForkFailed:
    return std::string("fork failed: ") + strerror(code);
  }
  return "?";
}

bool kfix::cudaInProcess() {
  const char *v = getenv("KFIX_CUDA_NO_FORK");
  return v && *v && strcmp(v, "0") != 0;
}

ChildOutcome kfix::runInChild(llvm::function_ref<int()> body, double timeoutSeconds) {
  ChildOutcome out;
  auto start = std::chrono::steady_clock::now();
  auto elapsedMs = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  if (cudaInProcess()) {
    out.kind = ChildOutcome::Exited;
    out.code = body();
    out.wallMs = elapsedMs();
    return out;
  }
  pid_t pid = fork();
  if (pid < 0) {
    out.code = errno;
    return out;
  }
  if (pid == 0) {
    // The child: no destructors, no atexit handlers of the parent's state.
    _exit(body());
  }
  int status = 0;
  while (true) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid)
      break;
    if (r < 0 && errno != EINTR) {
      out.kind = ChildOutcome::Signaled;
      out.code = SIGKILL;
      out.wallMs = elapsedMs();
      return out;
    }
    if (timeoutSeconds > 0 && elapsedMs() > timeoutSeconds * 1000) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      out.kind = ChildOutcome::TimedOut;
      out.wallMs = elapsedMs();
      return out;
    }
    struct timespec ts = {0, 1000000}; // 1 ms
    nanosleep(&ts, nullptr);
  }
  out.wallMs = elapsedMs();
  if (WIFEXITED(status)) {
    out.kind = ChildOutcome::Exited;
    out.code = WEXITSTATUS(status);
  } else {
    out.kind = ChildOutcome::Signaled;
    out.code = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  }
  return out;
}
