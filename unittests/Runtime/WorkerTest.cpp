//===- WorkerTest.cpp - the persistent launch worker's protocol -----------===//
//
// The CUDA executor's launches go to a persistent worker process through a
// memory file and a socket (lib/Runtime/Cuda/ChildProcess.h). These tests
// drive the same worker with small servers that need no GPU: it must keep
// one process across requests, see the caller's region and write into it,
// be replaced after a crash, a hang (killed at the time limit) or a request
// that makes it unusable.
//
//===----------------------------------------------------------------------===//
#include "../../lib/Runtime/Cuda/ChildProcess.h"
#include "../../lib/Runtime/Cuda/CudaLaunch.h"

#include "gtest/gtest.h"
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace kfix;

namespace {

/// Region: [int64 command][int64 pid][payload...]; the server negates the
/// payload's int32s and records its pid. Commands: 0 serve, 1 serve then
/// leave, 2 crash, 3 hang.
int testServer(char *region, size_t bytes) {
  int64_t cmd;
  memcpy(&cmd, region, 8);
  if (cmd == 2)
    abort();
  if (cmd == 3)
    for (;;)
      pause();
  int64_t pid = getpid();
  memcpy(region + 8, &pid, 8);
  for (size_t off = 16; off + 4 <= bytes; off += 4) {
    int32_t v;
    memcpy(&v, region + off, 4);
    v = -v;
    memcpy(region + off, &v, 4);
  }
  return cmd == 1 ? 1 : 0;
}

struct Request {
  SharedRegion region;
  explicit Request(int64_t cmd, int n = 1000) : region(16 + 4 * n) {
    memcpy(region.data(), &cmd, 8);
    for (int i = 0; i < n; ++i) {
      int32_t v = i + 1;
      memcpy(region.data() + 16 + 4 * i, &v, 4);
    }
  }
  int64_t pid() const {
    int64_t p;
    memcpy(&p, region.data() + 8, 8);
    return p;
  }
  int32_t at(int i) const {
    int32_t v;
    memcpy(&v, region.data() + 16 + 4 * i, 4);
    return v;
  }
};

TEST(Worker, OneProcessServesManyRequests) {
  unsetenv("KFIX_CUDA_NO_FORK");
  unsetenv("KFIX_CUDA_WORKER");
  Request a(0), b(0, 300000);
  bool startedA = false, startedB = true;
  ChildOutcome oa = runInWorker(a.region, testServer, 20, &startedA);
  ChildOutcome ob = runInWorker(b.region, testServer, 20, &startedB);
  ASSERT_EQ(oa.kind, ChildOutcome::Exited) << oa.describe();
  ASSERT_EQ(ob.kind, ChildOutcome::Exited) << ob.describe();
  EXPECT_EQ(oa.code, 0);
  EXPECT_NE(a.pid(), getpid()); // served in another process
  EXPECT_EQ(a.pid(), b.pid());  // the same one both times
  EXPECT_FALSE(startedB);
  EXPECT_EQ(a.at(0), -1);
  EXPECT_EQ(a.at(999), -1000);
  EXPECT_EQ(b.at(299999), -300000); // a larger region than the first
}

TEST(Worker, ReplacedAfterCrashHangAndLeave) {
  unsetenv("KFIX_CUDA_NO_FORK");
  unsetenv("KFIX_CUDA_WORKER");
  Request first(0);
  ASSERT_EQ(runInWorker(first.region, testServer, 20).kind, ChildOutcome::Exited);

  Request crash(2);
  ChildOutcome oc = runInWorker(crash.region, testServer, 20);
  EXPECT_EQ(oc.kind, ChildOutcome::Signaled) << oc.describe();
  EXPECT_EQ(oc.code, SIGABRT);

  Request afterCrash(0);
  bool started = false;
  ASSERT_EQ(runInWorker(afterCrash.region, testServer, 20, &started).kind, ChildOutcome::Exited);
  EXPECT_TRUE(started);
  EXPECT_NE(afterCrash.pid(), first.pid());

  Request hang(3);
  ChildOutcome oh = runInWorker(hang.region, testServer, 0.3);
  EXPECT_EQ(oh.kind, ChildOutcome::TimedOut) << oh.describe();
  EXPECT_GE(oh.wallMs, 250);

  Request leave(1);
  ASSERT_EQ(runInWorker(leave.region, testServer, 20).kind, ChildOutcome::Exited);
  EXPECT_EQ(leave.at(0), -1); // served, then the worker left
  Request next(0);
  ASSERT_EQ(runInWorker(next.region, testServer, 20, &started).kind, ChildOutcome::Exited);
  EXPECT_TRUE(started);
  EXPECT_NE(next.pid(), leave.pid());
}

TEST(Worker, OptOutForksPerRequest) {
  unsetenv("KFIX_CUDA_NO_FORK");
  setenv("KFIX_CUDA_WORKER", "0", 1);
  Request a(0), b(0);
  ASSERT_EQ(runInWorker(a.region, testServer, 20).kind, ChildOutcome::Exited);
  ASSERT_EQ(runInWorker(b.region, testServer, 20).kind, ChildOutcome::Exited);
  unsetenv("KFIX_CUDA_WORKER");
  EXPECT_NE(a.pid(), b.pid());
  EXPECT_EQ(b.at(5), -6);
}

TEST(LaunchRegion, MalformedRegionIsRefused) {
  // A region whose header is garbage must be refused, not read past its end.
  SharedRegion r(4096);
  memset(r.data(), 0x7f, r.size());
  EXPECT_EQ(serveLaunch(r.data(), r.size()), 1);
  auto *rep = reinterpret_cast<const LaunchReport *>(r.data());
  EXPECT_EQ(rep->failed, 1);
  EXPECT_NE(std::string(rep->message).find("malformed"), std::string::npos);
}

TEST(LaunchRegion, LayoutKeepsPartsApart) {
  std::string ptx(1001, 'p'), entry = "k";
  LaunchSpec spec;
  spec.ptx = &ptx;
  spec.entry = &entry;
  LaunchParam buf{}, scalar{};
  buf.isMemref = 1;
  buf.rank = 1;
  buf.bufferBytes = 13;
  spec.params = {buf, scalar, buf};
  spec.traceBytes = 100;
  LaunchLayout l = layoutLaunch(spec);
  EXPECT_GE(spec.params[0].bufferOffset, sizeof(LaunchReport) + ptx.size());
  EXPECT_GE(spec.params[2].bufferOffset, spec.params[0].bufferOffset + 13);
  EXPECT_GE(l.traceOffset, spec.params[2].bufferOffset + 13);
  EXPECT_GE(l.total, l.traceOffset + 100);
  EXPECT_EQ(spec.params[2].bufferOffset % 8, 0u);
}

} // namespace
