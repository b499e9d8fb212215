//===- Fiber.cpp - stacks and context switches -----------------------------===//
#include "Fiber.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__ELF__)
#define KFIX_FIBER_ASM 1
#else
#include <ucontext.h>
#endif

using namespace kfix::cpurt;

static constexpr size_t kSlabBytes = size_t(2) << 20;
static constexpr uint64_t kCanary = 0x6b6669785f737470ull;

static constexpr size_t kColors = 2048;

StackPool::StackPool(size_t stackBytes) {
  size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  bytes = (stackBytes + kColors * 64 + page - 1) / page * page;
}

StackPool::~StackPool() {
  for (auto &[p, n] : slabs)
    munmap(p, n);
}

FiberStack *StackPool::get(size_t i) {
  while (stacks.size() <= i) {
    size_t perSlab = std::max<size_t>(1, kSlabBytes / bytes);
    size_t slabBytes = perSlab * bytes;
    // Over-allocate to align the slab to 2 MiB, then trim.
    size_t mapBytes = slabBytes + kSlabBytes;
    void *p = mmap(nullptr, mapBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
      return nullptr;
    uintptr_t raw = reinterpret_cast<uintptr_t>(p);
    uintptr_t aligned = (raw + kSlabBytes - 1) & ~(uintptr_t(kSlabBytes) - 1);
    if (aligned > raw)
      munmap(p, aligned - raw);
    uintptr_t end = aligned + slabBytes;
    if (raw + mapBytes > end)
      munmap(reinterpret_cast<void *>(end), raw + mapBytes - end);
    char *slab = reinterpret_cast<char *>(aligned);
    slabs.push_back({slab, slabBytes});
    mapped.fetch_add(slabBytes, std::memory_order_relaxed);
    for (size_t k = 0; k < perSlab; ++k) {
      FiberStack s;
      s.lo = slab + k * bytes;
      // A different offset per stack (a multiple of 64 below 128 KiB, spread
      // by a stride coprime with the range) keeps the hot tops of hundreds of
      // stacks out of each other's L1 and L2 cache sets.
      size_t color = (stacks.size() * 37 % kColors) * 64;
      s.top = s.lo + bytes - color;
      std::memcpy(s.lo, &kCanary, sizeof kCanary);
      stacks.push_back(s);
    }
  }
  return &stacks[i];
}

bool StackPool::intact(size_t i) const {
  if (i >= stacks.size())
    return true;
  uint64_t v;
  std::memcpy(&v, stacks[i].lo, sizeof v);
  return v == kCanary;
}

#ifdef KFIX_FIBER_ASM

// kfix_fiber_switch(void **saveSp, void *newSp): push the callee-saved
// registers, swap stacks, pop them. kfix_fiber_start is where a new fiber
// "returns" to: it calls entry(arg) with entry in r13 and arg in r12.
asm(R"(
  .text
  .p2align 4
  .globl kfix_fiber_switch
  .hidden kfix_fiber_switch
  .type kfix_fiber_switch,@function
kfix_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size kfix_fiber_switch, .-kfix_fiber_switch

  .p2align 4
  .globl kfix_fiber_start
  .hidden kfix_fiber_start
  .type kfix_fiber_start,@function
kfix_fiber_start:
  movq %r12, %rdi
  callq *%r13
  ud2
  .size kfix_fiber_start, .-kfix_fiber_start
)");

extern "C" void kfix_fiber_switch(void **saveSp, void *newSp);
extern "C" void kfix_fiber_start();

void kfix::cpurt::initFiber(FiberContext &fiber, const FiberStack &stack, void (*entry)(void *),
                            void *arg) {
  // The return slot sits at 8 mod 16 so that kfix_fiber_start's call leaves
  // the ABI's alignment at entry's first instruction.
  uintptr_t top = reinterpret_cast<uintptr_t>(stack.top) & ~uintptr_t(15);
  auto *slot = reinterpret_cast<uint64_t *>(top - 24);
  slot[0] = reinterpret_cast<uint64_t>(&kfix_fiber_start);
  uint64_t *sp = slot - 6;
  sp[0] = 0;                                 // r15
  sp[1] = 0;                                 // r14
  sp[2] = reinterpret_cast<uint64_t>(entry); // r13
  sp[3] = reinterpret_cast<uint64_t>(arg);   // r12
  sp[4] = 0;                                 // rbx
  sp[5] = 0;                                 // rbp
  fiber.sp = sp;
}

void kfix::cpurt::switchFiber(FiberContext &from, FiberContext &to) {
  kfix_fiber_switch(&from.sp, to.sp);
}

#else

namespace {
struct Trampoline {
  void (*entry)(void *);
  void *arg;
};
} // namespace

static void trampoline(unsigned hi, unsigned lo) {
  auto *t = reinterpret_cast<Trampoline *>((uintptr_t(hi) << 32) | uintptr_t(lo));
  t->entry(t->arg);
}

void kfix::cpurt::initFiber(FiberContext &fiber, const FiberStack &stack, void (*entry)(void *),
                            void *arg) {
  if (!fiber.ucontext)
    fiber.ucontext.reset(new char[sizeof(ucontext_t) + sizeof(Trampoline)]);
  auto *uc = reinterpret_cast<ucontext_t *>(fiber.ucontext.get());
  auto *t = reinterpret_cast<Trampoline *>(fiber.ucontext.get() + sizeof(ucontext_t));
  t->entry = entry;
  t->arg = arg;
  getcontext(uc);
  uc->uc_stack.ss_sp = stack.lo + 64;
  uc->uc_stack.ss_size = static_cast<size_t>(stack.top - stack.lo) - 64;
  uc->uc_link = nullptr;
  uintptr_t p = reinterpret_cast<uintptr_t>(t);
  makecontext(uc, reinterpret_cast<void (*)()>(&trampoline), 2, unsigned(p >> 32),
              unsigned(p & 0xffffffffu));
}

void kfix::cpurt::switchFiber(FiberContext &from, FiberContext &to) {
  if (!from.ucontext)
    from.ucontext.reset(new char[sizeof(ucontext_t) + sizeof(Trampoline)]);
  swapcontext(reinterpret_cast<ucontext_t *>(from.ucontext.get()),
              reinterpret_cast<ucontext_t *>(to.ucontext.get()));
}

#endif
