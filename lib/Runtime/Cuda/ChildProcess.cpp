//===- ChildProcess.cpp - run CUDA work in a forked child -----------------===//
#include "ChildProcess.h"
#include "llvm/Support/Signals.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace kfix;

SharedRegion::SharedRegion(size_t size) : bytes(size ? size : 1) {
  file = memfd_create("kfix-launch", MFD_CLOEXEC);
  if (file >= 0 && ftruncate(file, static_cast<off_t>(bytes)) != 0) {
    close(file);
    file = -1;
  }
  void *p = file >= 0
                ? mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0)
                : mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  base = p == MAP_FAILED ? nullptr : p;
}

SharedRegion::~SharedRegion() {
  if (base)
    munmap(base, bytes);
  if (file >= 0)
    close(file);
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

/// How a reaped child ended, from waitpid's status.
static void setFromWaitStatus(ChildOutcome &out, int status) {
  if (WIFEXITED(status)) {
    out.kind = ChildOutcome::Exited;
    out.code = WEXITSTATUS(status);
  } else {
    out.kind = ChildOutcome::Signaled;
    out.code = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  }
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
    // The child: no destructors, no atexit handlers of the parent's state. It
    // dies with the parent (a run ended by its time budget leaves no orphan).
    llvm::sys::unregisterHandlers(); // a device fault is its report, not a stack trace
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
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
  setFromWaitStatus(out, status);
  return out;
}

//===----------------------------------------------------------------------===//
// The persistent worker
//===----------------------------------------------------------------------===//

namespace {

struct Worker {
  std::mutex lock;
  pid_t pid = -1;
  int sock = -1;
  RegionServer serve = nullptr;

  bool alive() const { return pid > 0; }

  /// Reaps the worker (killing it first when `kill` is set) and returns how
  /// it ended.
  ChildOutcome reap(bool killIt) {
    ChildOutcome out;
    int status = 0;
    if (killIt)
      ::kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    setFromWaitStatus(out, status);
    close(sock);
    sock = -1;
    pid = -1;
    return out;
  }
};

Worker &worker() {
  static Worker w;
  return w;
}

/// The worker's loop: one region (its memfd comes with the request) at a
/// time, a one-byte reply when it is served; exits when kfix closes the
/// socket or the server says the process must not serve again.
[[noreturn]] void workerMain(int sock, RegionServer serve) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  // Only the socket and the standard streams stay open (the parent's memory
  // files and outputs must not be held open by the worker).
  long maxFd = sysconf(_SC_OPEN_MAX);
  for (int fd = 3; fd < (maxFd > 0 && maxFd < 65536 ? maxFd : 4096); ++fd)
    if (fd != sock)
      close(fd);
  for (;;) {
    uint64_t bytes = 0;
    char control[CMSG_SPACE(sizeof(int))];
    struct iovec iov = {&bytes, sizeof bytes};
    struct msghdr msg = {};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    ssize_t n = recvmsg(sock, &msg, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n != static_cast<ssize_t>(sizeof bytes))
      _exit(0);
    int fd = -1;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
      if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
        memcpy(&fd, CMSG_DATA(c), sizeof fd);
    if (fd < 0)
      _exit(3);
    void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED)
      _exit(4);
    int rc = serve(static_cast<char *>(p), bytes);
    munmap(p, bytes);
    uint8_t reply = rc ? 1 : 0;
    while (send(sock, &reply, 1, MSG_NOSIGNAL) < 0 && errno == EINTR) {
    }
    if (rc)
      _exit(0);
  }
}

bool startWorker(Worker &w, RegionServer serve, int &err) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
    err = errno;
    return false;
  }
  pid_t pid = fork();
  if (pid < 0) {
    err = errno;
    close(sv[0]);
    close(sv[1]);
    return false;
  }
  if (pid == 0) {
    llvm::sys::unregisterHandlers();
    close(sv[0]);
    workerMain(sv[1], serve);
  }
  close(sv[1]);
  w.pid = pid;
  w.sock = sv[0];
  w.serve = serve;
  return true;
}

bool workerDisabled() {
  const char *v = getenv("KFIX_CUDA_WORKER");
  return v && (strcmp(v, "0") == 0 || strcmp(v, "off") == 0);
}

} // namespace

ChildOutcome kfix::runInWorker(SharedRegion &region, RegionServer serve, double timeoutSeconds,
                               bool *started) {
  if (started)
    *started = false;
  if (cudaInProcess() || workerDisabled() || region.fd() < 0)
    return runInChild(
        [&] {
          serve(region.data(), region.size());
          return 0;
        },
        timeoutSeconds);
  auto start = std::chrono::steady_clock::now();
  auto elapsedMs = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  Worker &w = worker();
  std::lock_guard<std::mutex> guard(w.lock);
  ChildOutcome out;
  if (w.alive() && w.serve != serve)
    w.reap(/*killIt=*/true);
  // A worker that died between requests (its parent's socket then reads as
  // closed) is replaced once.
  bool sent = false;
  for (int attempt = 0; attempt < 2 && !sent; ++attempt) {
    if (!w.alive()) {
      if (!startWorker(w, serve, out.code)) {
        out.kind = ChildOutcome::ForkFailed;
        return out;
      }
      if (started)
        *started = true;
    }
    uint64_t bytes = region.size();
    int fd = region.fd();
    char control[CMSG_SPACE(sizeof(int))] = {};
    struct iovec iov = {&bytes, sizeof bytes};
    struct msghdr msg = {};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &fd, sizeof fd);
    ssize_t n;
    while ((n = sendmsg(w.sock, &msg, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
    }
    if (n == static_cast<ssize_t>(sizeof bytes))
      sent = true;
    else
      w.reap(/*killIt=*/true);
  }
  if (!sent) {
    out.kind = ChildOutcome::Signaled;
    out.code = SIGPIPE;
    out.wallMs = elapsedMs();
    return out;
  }
  for (;;) {
    int waitMs = -1;
    if (timeoutSeconds > 0) {
      double left = timeoutSeconds * 1000 - elapsedMs();
      if (left <= 0) {
        w.reap(/*killIt=*/true);
        out.kind = ChildOutcome::TimedOut;
        out.wallMs = elapsedMs();
        return out;
      }
      waitMs = static_cast<int>(std::min(left, 1000.0)) + 1;
    }
    struct pollfd pfd = {w.sock, POLLIN, 0};
    int r = poll(&pfd, 1, waitMs);
    if (r < 0 && errno != EINTR) {
      out = w.reap(/*killIt=*/true);
      out.wallMs = elapsedMs();
      return out;
    }
    if (r <= 0)
      continue;
    uint8_t reply = 0;
    ssize_t n;
    while ((n = recv(w.sock, &reply, 1, 0)) < 0 && errno == EINTR) {
    }
    if (n == 1) {
      out.kind = ChildOutcome::Exited;
      out.code = 0;
      // The worker leaves after a request that made it unusable.
      if (reply)
        w.reap(/*killIt=*/false);
    } else {
      // The worker died while serving (a crash in the driver or the kernel).
      out = w.reap(/*killIt=*/true);
      if (out.kind == ChildOutcome::Exited && out.code == 0)
        out.code = 5;
    }
    out.wallMs = elapsedMs();
    return out;
  }
}
