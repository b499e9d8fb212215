/*===- TraceABI.h - the device trace buffer of instrumented kernels -*- C -*-===*
 *
 * One layout shared by the lowering of kfix ops to NVVM
 * (lib/Conversion/KFixToNVVM, `kfix-lower-kfix-to-nvvm`) and by the CUDA
 * executor that allocates, fills in and decodes the buffer (lib/Runtime/Cuda).
 * Plain C so that a hand-written .cu test kernel can include it too.
 *
 * The lowered module holds one global in the global address space:
 *
 *     .visible .global .align 8 .u64 __kfix_trace;
 *
 * which the host sets (cuModuleGetGlobal + a copy) to the device address of a
 * buffer laid out as below. While it is zero (the default) every kfix op is a
 * no-op, so an instrumented kernel runs unchanged without a trace buffer.
 *
 * The buffer, all offsets in bytes from its start, 8-byte aligned:
 *
 *   KFixTraceHeader                     at 0
 *   uint64_t counters[numSites * countersPerSite]   at countersOffset
 *   KFixTraceCheck   checks[numSites]   at checksOffset
 *   KFixTraceProbe   probes[probeCapacity]          at probesOffset
 *   KFixTraceAccess  accesses[accessCapacity]       at accessesOffset
 *
 * The host writes the whole header (the counts zeroed) and zeroes the rest;
 * the device only reads the layout fields and updates with atomics:
 *
 * - kfix.count site S counter C: atomic add 1 to counters[S * countersPerSite
 *   + C], or to `dropped` when S >= numSites or C >= countersPerSite.
 * - kfix.check K %cond site S details(d0, d1), when %cond is false: old =
 *   atomic add 1 to checks[S].violations; the thread that saw old == 0 writes
 *   kind, its thread/block ids and the details. Later violations are only
 *   counted. S >= numSites counts into `dropped`.
 * - kfix.probe T %v site S: i = atomic add 1 to probeCount; a record is written
 *   when i < probeCapacity (the host reports probeCount - probeCapacity
 *   records as lost). Integer values are converted to double.
 * - kfix.access K %m[...] site S: like probes, into `accesses`, when the
 *   memref is a kernel argument (arg = its index) or a workgroup attribution
 *   (arg = -1 - k); accesses to other memrefs are not recorded. `epoch` is the
 *   number of block barriers (gpu.barrier) the thread had passed: a per-thread
 *   counter the lowering keeps, so that the host can put the records of each
 *   block into barrier intervals (records arrive in no particular order).
 *
 * Barriers and block ends are not traced as events on the device.
 *
 *===----------------------------------------------------------------------===*/
#ifndef KFIX_RUNTIME_TRACEABI_H
#define KFIX_RUNTIME_TRACEABI_H

#include <stdint.h>

#define KFIX_TRACE_GLOBAL "__kfix_trace"
#define KFIX_TRACE_MAGIC 0x5846464bu /* "KFFX" little-endian */
#define KFIX_TRACE_VERSION 2u

typedef struct KFixTraceHeader {
  uint32_t magic;           /* 0: KFIX_TRACE_MAGIC */
  uint32_t version;         /* 4: KFIX_TRACE_VERSION */
  uint32_t numSites;        /* 8 */
  uint32_t countersPerSite; /* 12 */
  uint32_t probeCapacity;   /* 16 */
  uint32_t accessCapacity;  /* 20 */
  uint64_t countersOffset;  /* 24 */
  uint64_t checksOffset;    /* 32 */
  uint64_t probesOffset;    /* 40 */
  uint64_t accessesOffset;  /* 48 */
  uint64_t probeCount;      /* 56: device-incremented, may exceed probeCapacity */
  uint64_t accessCount;     /* 64: likewise for accessCapacity */
  uint64_t dropped;         /* 72: events whose site or counter is out of range */
  uint64_t totalBytes;      /* 80: size of the whole buffer */
  uint64_t reserved[5];     /* 88..127 */
} KFixTraceHeader;

typedef struct KFixTraceCheck {
  uint64_t violations; /* 0: all violations at this site */
  int32_t kind;        /* 8: TraceCheckKind of the first violation */
  uint32_t tid[3];     /* 12 */
  uint32_t bid[3];     /* 24 */
  uint32_t pad;        /* 36 */
  int64_t d0, d1;      /* 40, 48 */
  uint64_t reserved;   /* 56 */
} KFixTraceCheck;      /* 64 bytes */

typedef struct KFixTraceProbe {
  int64_t site;    /* 0 */
  uint32_t tid[3]; /* 8 */
  uint32_t bid[3]; /* 20 */
  double value;    /* 32 */
} KFixTraceProbe;  /* 40 bytes */

typedef struct KFixTraceAccess {
  int32_t site;    /* 0 */
  uint32_t epoch;  /* 4: barriers the thread had passed */
  int64_t linear;  /* 8: row-major element index */
  int32_t arg;     /* 16: kernel argument index, or -1 - k for workgroup buffer k */
  int32_t kind;    /* 20: TraceAccessKind */
  uint32_t tid[3]; /* 24 */
  uint32_t bid[3]; /* 36 */
} KFixTraceAccess; /* 48 bytes */

/* Byte offsets used by the lowering (kept in sync with the structs above by
 * static assertions in the runtime). */
enum {
  KFIX_TRACE_HDR_NUM_SITES = 8,
  KFIX_TRACE_HDR_COUNTERS_PER_SITE = 12,
  KFIX_TRACE_HDR_PROBE_CAPACITY = 16,
  KFIX_TRACE_HDR_ACCESS_CAPACITY = 20,
  KFIX_TRACE_HDR_COUNTERS_OFFSET = 24,
  KFIX_TRACE_HDR_CHECKS_OFFSET = 32,
  KFIX_TRACE_HDR_PROBES_OFFSET = 40,
  KFIX_TRACE_HDR_ACCESSES_OFFSET = 48,
  KFIX_TRACE_HDR_PROBE_COUNT = 56,
  KFIX_TRACE_HDR_ACCESS_COUNT = 64,
  KFIX_TRACE_HDR_DROPPED = 72,
  KFIX_TRACE_HEADER_SIZE = 128,

  KFIX_TRACE_CHECK_VIOLATIONS = 0,
  KFIX_TRACE_CHECK_KIND = 8,
  KFIX_TRACE_CHECK_TID = 12,
  KFIX_TRACE_CHECK_BID = 24,
  KFIX_TRACE_CHECK_D0 = 40,
  KFIX_TRACE_CHECK_D1 = 48,
  KFIX_TRACE_CHECK_SIZE = 64,

  KFIX_TRACE_PROBE_SITE = 0,
  KFIX_TRACE_PROBE_TID = 8,
  KFIX_TRACE_PROBE_BID = 20,
  KFIX_TRACE_PROBE_VALUE = 32,
  KFIX_TRACE_PROBE_SIZE = 40,

  KFIX_TRACE_ACCESS_SITE = 0,
  KFIX_TRACE_ACCESS_EPOCH = 4,
  KFIX_TRACE_ACCESS_LINEAR = 8,
  KFIX_TRACE_ACCESS_ARG = 16,
  KFIX_TRACE_ACCESS_KIND = 20,
  KFIX_TRACE_ACCESS_TID = 24,
  KFIX_TRACE_ACCESS_BID = 36,
  KFIX_TRACE_ACCESS_SIZE = 48
};

#endif /* KFIX_RUNTIME_TRACEABI_H */
