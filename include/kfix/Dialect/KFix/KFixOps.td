//===- KFixOps.td - kfix dialect ops -----------------------*- tablegen -*-===//

#ifndef KFIX_OPS_TD
#define KFIX_OPS_TD

include "kfix/Dialect/KFix/KFixDialect.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def KFix_CheckKind : I32EnumAttr<"CheckKind", "kind of a checked violation", [
    I32EnumAttrCase<"bounds", 0>,
    I32EnumAttrCase<"nan", 1>,
    I32EnumAttrCase<"inf", 2>,
    I32EnumAttrCase<"divergence", 3>,
    I32EnumAttrCase<"assertion", 4>,
    I32EnumAttrCase<"overflow", 5>
  ]> {
  let cppNamespace = "::kfix";
  let genSpecializedAttr = 0;
}
def KFix_CheckKindAttr : EnumAttr<KFix_Dialect, KFix_CheckKind, "check_kind">;

def KFix_AccessKind : I32EnumAttr<"AccessKind", "kind of a recorded memory access", [
    I32EnumAttrCase<"read", 0>,
    I32EnumAttrCase<"write", 1>,
    I32EnumAttrCase<"atomic", 2>
  ]> {
  let cppNamespace = "::kfix";
  let genSpecializedAttr = 0;
}
def KFix_AccessKindAttr : EnumAttr<KFix_Dialect, KFix_AccessKind, "access_kind">;

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class KFix_Op<string mnemonic, list<Trait> traits = []>
    : Op<KFix_Dialect, mnemonic, traits>;

def KFix_ProbeOp : KFix_Op<"probe", [MemoryEffects<[MemWrite]>]> {
  let summary = "record a value under a tag, with the thread and block coordinates";
  let description = [{
    Records `value` (an integer, index or float scalar) under `tag` together
    with the recording thread's `threadIdx` and `blockIdx`.

    ```mlir
    kfix.probe "acc" %sum site 3 : f32
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyInteger, Index, AnyFloat]>:$value,
                       StrAttr:$tag, I64Attr:$site);
  let assemblyFormat = "$tag $value `site` $site attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def KFix_CheckOp : KFix_Op<"check", [MemoryEffects<[MemWrite]>]> {
  let summary = "record a violation of a kind when a condition is false";
  let description = [{
    When `cond` is false, records a violation of `kind` at `site`, with the
    thread and block coordinates and up to two integer `details` (for a bounds
    check: the index and the extent). The first violation per site is kept
    with full detail; later ones are counted.

    ```mlir
    kfix.check bounds %inb site 7 details(%idx, %dim : index, index)
    ```
  }];
  let arguments = (ins KFix_CheckKindAttr:$kind, I1:$cond, I64Attr:$site,
                       Variadic<AnyTypeOf<[AnyInteger, Index]>>:$details);
  let assemblyFormat = [{
    $kind $cond `site` $site (`details` `(` $details^ `:` type($details) `)`)? attr-dict
  }];
  let hasVerifier = 1;
}

def KFix_CountOp : KFix_Op<"count", [MemoryEffects<[MemWrite]>]> {
  let summary = "increment a coverage counter";
  let description = [{
    Adds one to counter `counter` of `site`. Branch coverage uses counter 0
    for the then-side and 1 for the else-side of an `if`; loop coverage counts
    trips.

    ```mlir
    kfix.count site 4 counter 1
    ```
  }];
  let arguments = (ins I64Attr:$site, I64Attr:$counter);
  let assemblyFormat = "`site` $site `counter` $counter attr-dict";
  let hasVerifier = 1;
}

def KFix_AccessOp : KFix_Op<"access", [MemoryEffects<[MemWrite]>]> {
  let summary = "record a memory access for race and write-coverage analysis";
  let description = [{
    Records that the current thread performs a `kind` access to element
    `indices` of `memref` at `site`. Race detection (shared memory within a
    barrier interval, global memory across threads) and output write coverage
    are computed from these records by the runtime.

    ```mlir
    kfix.access write %buf[%i] site 2 : memref<?xf32>
    ```
  }];
  let arguments = (ins KFix_AccessKindAttr:$kind, AnyMemRef:$memref,
                       Variadic<Index>:$indices, I64Attr:$site);
  let assemblyFormat = [{
    $kind $memref `[` $indices `]` `site` $site attr-dict `:` type($memref)
  }];
  let hasVerifier = 1;
}

#endif // KFIX_OPS_TD
