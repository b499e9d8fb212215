//===- RepairPasses.td - kfix repair passes ----------------*- tablegen -*-===//
//
// One pass per bug family. Every repair pass takes options that aim it at a
// site (`loc` = "file:line[:col]" of the source construct, empty = every site
// where the pattern applies) and does nothing where its pattern does not
// match. A pass that changed the IR marks the changed ops with
// `kfix.repaired = "<pass-argument>"` so that reports can show the diff.
//
//===----------------------------------------------------------------------===//

#ifndef KFIX_REPAIR_PASSES_TD
#define KFIX_REPAIR_PASSES_TD

include "mlir/Pass/PassBase.td"

class KFix_RepairPass<string name> : Pass<name, "mlir::gpu::GPUModuleOp"> {
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::gpu::GPUDialect"];
}

// Every repair pass takes `loc`; this keeps its spelling in one place.
defvar KFix_LocOption = Option<"loc", "loc", "std::string", /*default=*/"\"\"",
    "Site filter \"file:line[:col]\" (or \"line\"); empty = every site that matches">;

def RepairAccessGuard : KFix_RepairPass<"kfix-repair-access-guard"> {
  let summary = "Keep every global access of a buffer inside its declared shape";
  let description = [{
    `shape` declares buffers as the task's contract, `NAME[d0][d1]...` (several
    separated by `;`), each dimension a C expression over the kernel's integer
    parameters (`C[M][N]`, `out[N][K][H-R+1][W-S+1]`, `y[n]`; `?` for a leading
    dimension that no parameter gives). Every load and store of such a buffer
    (scalar, atomic, or `vector.load/store` of float4/half2-style accesses) is
    guarded so that no element outside the shape is touched. The linear index
    is split row-major along the declared dims (`r * N + c` -> `0 <= c < N`,
    `0 <= r < M`; an index that does not mention a dimension is checked
    against the product of the leading dims): stores outside are skipped, loads
    outside yield the identity of what consumes them (-inf when the value
    reaches a max, +inf a min, else 0, the zero padding of tile loads). A
    vector access whose lanes are only partly inside falls back to per-lane
    scalar accesses. Only the access itself is guarded, so barriers and loops
    stay uniform. `loc` restricts the guard to the accesses at that site.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::gpu::GPUDialect",
                           "mlir::vector::VectorDialect"];
  let options = [
    KFix_LocOption,
    Option<"shape", "shape", "std::string", /*default=*/"\"\"",
           "Buffers and their shapes: NAME[d0][d1]... separated by ';'">,
    Option<"fill", "fill", "std::string", /*default=*/"\"auto\"",
           "Value of a load outside the shape: auto (identity of its consumer) or zero">
  ];
  let statistics = [Statistic<"numGuards", "guards", "Number of accesses guarded">];
}

def RepairBoundsGuard : KFix_RepairPass<"kfix-repair-bounds-guard"> {
  let summary = "Guard the global accesses of an elementwise body by `idx < n`";
  let description = [{
    Matches a kernel whose global stores all use one index expression `idx`
    (the C index, before `index_cast`) and are not already under an `scf.if`,
    and wraps everything from the first global access to the end of the
    kernel in `scf.if (idx < n)`. `n` is the `bound` argument (a kernel
    parameter by its C name) or, when not given, the one integer parameter
    that the kernel compares anywhere, or the one named like a size (`n`,
    `N`, `size`, `numel`, `count`, `len`, `length`, `total`). The pass refuses
    (a warning, no change) when the guarded range holds a barrier, a warp
    shuffle or a vote (a guard would make them divergent), or when no bound
    is found. `loc` selects kernels by the location of one of their global
    accesses.
  }];
  let options = [
    KFix_LocOption,
    Option<"bound", "bound", "std::string", /*default=*/"\"\"",
           "C name of the kernel parameter that bounds the index">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of guards inserted">];
}

def RepairMissingBarrier : KFix_RepairPass<"kfix-repair-missing-barrier"> {
  let summary = "Insert __syncthreads() between a shared write and other threads' reads";
  let description = [{
    Finds pairs (write, read) of one workgroup buffer, the read possibly by
    another thread (its indices are not the same thread-dependent expressions
    as the write's), with no `gpu.barrier` between them on some path,
    including from one loop iteration to the next. Inserts `gpu.barrier` in
    the innermost block holding both, before the read (or at the end of the
    loop body for a hazard across iterations). Never inserts into divergent
    control flow (an `scf.if`/loop whose condition depends on the thread):
    such a hazard is left alone, with a warning when `loc` is given. `loc`
    matches the write or the read.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of barriers inserted">];
}

def RepairReuseBarrier : KFix_RepairPass<"kfix-repair-reuse-barrier"> {
  let summary = "Insert __syncthreads() before a shared buffer is overwritten";
  let description = [{
    The write-after-read twin of kfix-repair-missing-barrier: a shared buffer
    read by some threads and then written (e.g. the next tile loaded at the
    top of the next loop iteration, or the second phase of a reduction) by
    other threads with no barrier between. Inserts `gpu.barrier` before the
    write, or at the end of the loop body when the reuse is in the next
    iteration; same refusal rule for divergent code.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of barriers inserted">];
}

def RepairReductionIdentity : KFix_RepairPass<"kfix-repair-reduction-identity"> {
  let summary = "Start a reduction from the identity of its combining op";
  let description = [{
    An accumulator is a C local (`kfix.var` alloca of rank 0) or a shared
    buffer whose stores combine a load of it with something else by one
    kind of op: add (`addf/addi`, `math.fma`), mul, max or min
    (`maxnumf/maximumf/maxsi/maxui`, their min twins, or `c ? x : m` written
    with cmp + select), or an assignment guarded by a comparison of the
    stored value with the accumulator, the argmax/argmin form
    `if (v > best) { best = v; arg = i; }` (`best < v`, `>=`, and conditions
    `mask && v > best` too; the comparison's signedness picks the integer
    identity). A store of a constant that is not that op's identity
    to the accumulator (or a constant arm of a select stored to it: the
    padding of out-of-range threads) is rewritten to the identity: 0 for add,
    1 for mul, -inf / INT_MIN / 0u for max, +inf / INT_MAX / UINT_MAX for min
    (±FLT_MAX is accepted as is). Accumulators combined by more than one kind
    of op are left alone. `loc` matches the initializing store.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of initial values fixed">];
}

def RepairIndexWidth : KFix_RepairPass<"kfix-repair-index-width"> {
  let summary = "Compute global-memory indices in 64-bit arithmetic";
  let description = [{
    For each access to a kernel buffer whose index is
    `index_cast[ui] %v : i32 to index` where `%v` is computed with a 32-bit
    multiplication or shift (through add/sub/mul/shl, and through C locals
    with a single dominating store), rebuilds that expression in `i64`
    (leaves widened with `extsi`, `extui` for unsigned parameters, thread and
    block ids re-cast from index) and indexes with the `i64` value, as
    `(long long)row * cols + col` would. The same rebuild applies to a
    32-bit expression with a product that is sign-extended to `i64`
    afterwards (`int64_t lin = row * ncols + col;`: the `extsi` is replaced),
    and to a signed 32-bit division or remainder of a product
    (`v * levels / vmax`, `(i * step) % n`: divided in `i64`, truncated
    back). Unsigned arithmetic (`extui`, `divui`: hashes that wrap on
    purpose) is left alone. The 32-bit computation is left for its other
    users. `loc` matches the access, the extension or the division.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of accesses widened">];
}

def RepairAccumulateF32 : KFix_RepairPass<"kfix-repair-accumulate-f32"> {
  let summary = "Accumulate f16/bf16 sums in an f32 local";
  let description = [{
    A C local of type `__half`/`__nv_bfloat16` (rank-0 `kfix.var` alloca of
    f16/bf16) that is accumulated (`acc = acc + x`, `acc = fma(a, b, acc)`)
    becomes an f32 local of the same name: the accumulating stores add in
    f32 (`extf` of the other operands, looking through a `truncf` from f32),
    other stores store `extf` of their value, and other reads read
    `truncf` of the f32 value. `loc` matches the variable's declaration or
    an accumulating store.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of locals widened">];
}

def RepairLoopBound : KFix_RepairPass<"kfix-repair-loop-bound"> {
  let summary = "Fix an off-by-one loop bound";
  let description = [{
    `fix=strict` (default): in the condition of an `scf.while` (a C loop the
    lifter could not make an `scf.for`), turns `<=`/`>=` comparisons (`sle`,
    `ule`, `sge`, `uge`) into strict ones. `fix=dec` / `fix=inc`: lowers /
    raises the upper bound of an `scf.for` (or the right-hand side of an
    `scf.while` condition) by one. Without `loc`, `dec` only applies to
    bounds written `x + 1` (made `x`) and `inc` only to bounds written
    `x - 1` (made `x`); with `loc` any loop at the site is adjusted. `loc`
    matches the loop or its comparison.
  }];
  let options = [
    KFix_LocOption,
    Option<"fix", "fix", "std::string", /*default=*/"\"strict\"",
           "strict | dec | inc">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of loop bounds fixed">];
}

def RepairOffByOne : KFix_RepairPass<"kfix-repair-off-by-one"> {
  let summary = "One off-by-one edit of a comparison, loop bound or size at a site";
  let description = [{
    At `loc` (required), `fix=flip` turns each integer comparison `<` into
    `<=`, `<=` into `<`, `>` into `>=` and `>=` into `>` (signed or
    unsigned), together with every other comparison of the kernel that
    repeats it (same predicate over structurally equal operands, C locals
    compared by name: a mask test written once per loop), except the test
    of a loop whose variable shrinks (`o >>= 1`), which could then never
    end. `fix=inc` / `fix=dec` move a bound by one
    step: the upper bound of an `scf.for` at `loc` (undoing an explicit
    `x - 1` / `x + 1`); for a comparison in an `scf.while` condition whose
    variable the loop multiplies (`d *= 2`), the bound multiplied / divided
    by the factor (undoing `n / 2`); for a comparison against a C local
    with one thread-independent definition (`const int P = H - R;`), that
    definition. `fix=bound-inc` / `fix=bound-dec` move the compared bound
    of each comparison at `loc` where the comparison is made (`h < H` ->
    `h < H - 1`, the side that is the same for every thread, else the
    right-hand one), for bounds that are parameters or expressions.
    Warns when nothing at `loc` can be edited so.
  }];
  let options = [
    KFix_LocOption,
    Option<"fix", "fix", "std::string", /*default=*/"\"flip\"",
           "flip | inc | dec | bound-inc | bound-dec">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of edits">];
}

def RepairGridStride : KFix_RepairPass<"kfix-repair-grid-stride"> {
  let summary = "Make a grid-stride loop step by blockDim.x * gridDim.x";
  let description = [{
    Matches an `scf.for` whose start depends on `blockIdx` (a global thread
    index) but whose step is `blockDim.x` or `gridDim.x` alone, so that
    blocks overlap or skip elements, and makes the step
    `blockDim.x * gridDim.x` (the same dimension as the step's). `loc`
    matches the loop.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of loop steps fixed">];
}

def RepairThreadDim : KFix_RepairPass<"kfix-repair-thread-dim"> {
  let summary = "Use another dimension of threadIdx/blockIdx/blockDim/gridDim";
  let description = [{
    Replaces `gpu.<op> <from>` by `gpu.<op> <to>` at `loc` (every such op
    when `loc` is empty), for `op` in thread_id, block_id, block_dim,
    grid_dim: `threadIdx.x` where `threadIdx.y` was meant. With `mixed`,
    only the ids that an index expression combines (`+`, `*`) with a
    `blockIdx`/`blockDim` of dimension `to` are changed: the row index
    `blockIdx.y * blockDim.y + threadIdx.x` is fixed, the column index
    `blockIdx.x * blockDim.x + threadIdx.x` is left alone.

    `fix=unify` finds the index expressions whose dimensions disagree and
    makes them agree (at `loc` when given, else everywhere):
    `blockIdx.a * blockDim.b + threadIdx.c` (each of a, b, c becomes the
    dimension that most of them name, preferring one no consistent index
    of the kernel uses: `blockIdx.y * blockDim.x + threadIdx.x` ->
    `... .y`), `blockIdx.a * K + threadIdx.c` with a constant K that is the
    block size of another dimension d than c (`block`, the launch's block,
    e.g. `32x4`: threadIdx.c -> threadIdx.d), a grid-stride step
    `blockDim.a * gridDim.b` (-> the dimension of the loop's start index),
    and a loop starting at `threadIdx.a` and stepping by `blockDim.b`
    (threadIdx.a -> threadIdx.b). `fix=exchange` swaps dimensions `from` and
    `to` of every thread, block and grid id and size of the kernel (row and
    column computed from the wrong axes), only when the kernel has
    consistent indices of both dimensions.
  }];
  let options = [
    KFix_LocOption,
    Option<"fix", "fix", "std::string", /*default=*/"\"retarget\"",
           "retarget (op, from, to) | unify | exchange (from, to)">,
    Option<"block", "block", "std::string", /*default=*/"\"\"",
           "fix=unify: the launch's block size XxYxZ (missing dimensions are 1)">,
    Option<"op", "op", "std::string", /*default=*/"\"thread_id\"",
           "thread_id | block_id | block_dim | grid_dim">,
    Option<"from", "from", "std::string", /*default=*/"\"x\"", "x | y | z">,
    Option<"to", "to", "std::string", /*default=*/"\"y\"", "x | y | z">,
    Option<"mixed", "mixed", "bool", /*default=*/"false",
           "Only ids added to or multiplied with a blockIdx/blockDim of dimension `to` "
           "(`blockIdx.y * blockDim.y + threadIdx.x`)">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of ids changed">];
}

def RepairVectorTail : KFix_RepairPass<"kfix-repair-vector-tail"> {
  let summary = "Add the scalar remainder of a float4 / half2 loop over n / VEC vectors";
  let description = [{
    A loop over `n / VEC` vectors (or a guard `i < n / VEC`) whose body
    stores VEC-wide vectors at `i * VEC` leaves the last `n % VEC` elements
    unwritten. Adds, after it, a loop over those elements with the loop's
    own start and step (`for (e = (n / VEC) * VEC + start; e < n; e +=
    step)`; for a guard, `if ((n / VEC) * VEC + i < n)`) whose body is the
    vector body's lane 0: scalar loads and stores at the element index,
    scalar arithmetic. `loc` restricts it to the loop or guard at a site.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of remainders added">];
}

def RepairSwapOperands : KFix_RepairPass<"kfix-repair-swap-operands"> {
  let summary = "Swap the operands of a non-commutative op at a site";
  let description = [{
    At `loc` (required: swapping everywhere is never meant), swaps the two
    operands of every subtraction, division, remainder, shift, comparison,
    `math.powf` or `math.atan2` (restricted to op name `op`, e.g.
    `arith.subf`, when given): `b - a` where `a - b` was meant. Warns when
    nothing at the site matches.
  }];
  let options = [
    KFix_LocOption,
    Option<"op", "op", "std::string", /*default=*/"\"\"",
           "Only ops of this name (e.g. arith.divf)">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of ops swapped">];
}

def RepairSwapValues : KFix_RepairPass<"kfix-repair-swap-values"> {
  let summary = "Exchange two values that a stored expression reads";
  let description = [{
    At `loc` (required: a store's location, or a line), in the expression
    of each floating-point `memref.store` there, collects the values it
    reads (loads of C locals and buffer elements, scalar parameters; loads
    of the same local or element count once) and exchanges the `pair`-th
    pair of the same type: pairs of different variables or buffers first,
    then pairs of elements of one buffer. `silu(u) * g` becomes
    `silu(g) * u`, `lerp(param, ema, w)` becomes `lerp(ema, param, w)`
    (helpers are inlined, so the exchange is done where their arguments are
    read). A value read after a use it must replace is re-read before that
    use. Warns when there is no such pair.
  }];
  let options = [
    KFix_LocOption,
    Option<"pair", "pair", "unsigned", /*default=*/"0", "Which pair of values (0 = first)">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of statements changed">];
}

def RepairIntDivision : KFix_RepairPass<"kfix-repair-int-division"> {
  let summary = "Divide in floating point where an integer quotient was converted";
  let description = [{
    `(float)(a / b)` with integer `a`, `b`: `sitofp(divsi(a, b))` (or
    `uitofp(divui)`, through an integer extension) becomes
    `divf(sitofp(a), sitofp(b))` in the target float type. `loc` matches the
    conversion or the division.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of divisions moved to float">];
}

def RepairEpsilonPlacement : KFix_RepairPass<"kfix-repair-epsilon-placement"> {
  let summary = "Move epsilon inside the square root: rsqrt(v + eps)";
  let description = [{
    `rsqrt(v) + eps` becomes `rsqrt(v + eps)` and `sqrt(v) + eps` becomes
    `sqrt(v + eps)`, where `eps` is a float constant with 0 < |eps| <= 1e-2
    or a float kernel parameter (any operand when `loc` is given: note that
    `x / (sqrt(v) + eps)` is right for Adam-style updates, so aim the pass).
    `loc` matches the addition. `squared=true` moves `eps * eps` under the
    root instead: a smoothed absolute value `sqrt(d * d) + eps` whose
    definition is `sqrt(d * d + eps * eps)` (Charbonnier, pseudo-Huber).
  }];
  let options = [
    KFix_LocOption,
    Option<"squared", "squared", "bool", /*default=*/"false",
           "Add eps * eps under the root (a smoothed |d|)">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of epsilons moved">];
}

def RepairVarianceDivisor : KFix_RepairPass<"kfix-repair-variance-divisor"> {
  let summary = "Switch a variance between N and N - 1 divisors";
  let description = [{
    `to=biased` (default): a float division by `(float)(n - 1)` becomes a
    division by `(float)n` (population variance, what LayerNorm and
    BatchNorm use). `to=unbiased`: at `loc` (required) a division by
    `(float)n` becomes a division by `(float)(n - 1)`.
  }];
  let options = [
    KFix_LocOption,
    Option<"to", "to", "std::string", /*default=*/"\"biased\"", "biased | unbiased">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of divisors changed">];
}

def RepairPdll : KFix_RepairPass<"kfix-repair-pdll"> {
  let summary = "Apply one repair pattern written in PDLL (kb/pdll/*.pdll)";
  let description = [{
    Every `Pattern` of every `kb/pdll/*.pdll` file is compiled into kfix by
    mlir-pdll at build time. This pass applies the one named `pattern` to the
    ops at `loc` (every op when empty), greedily but without folding, and
    leaves everything else as it is. The PDLL rewrite marks what it creates
    with `kfix.repaired = "kfix-repair-pdll"`. An unknown name is an error
    that lists the known ones.
  }];
  let options = [
    KFix_LocOption,
    Option<"pattern", "pattern", "std::string", /*default=*/"\"\"",
           "Name of the PDLL Pattern to apply">
  ];
  let dependentDialects = ["mlir::pdl::PDLDialect", "mlir::pdl_interp::PDLInterpDialect",
                           "mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::math::MathDialect", "mlir::memref::MemRefDialect",
                           "mlir::gpu::GPUDialect"];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of ops the pattern created">];
}

def RepairMissingAtomic : KFix_RepairPass<"kfix-repair-missing-atomic"> {
  let summary = "Make a racy read-modify-write of one element atomic";
  let description = [{
    Matches `v = m[i]; m[i] = v op x` (`memref.load`, combine, `memref.store`
    to the same element of a global or shared buffer, in one block) with op
    in add, mul, max, min, and, or. Without `loc` it fires only where all
    threads of a block hit the same element: the index does not depend on
    the thread and the store is not under a thread-dependent condition
    (`out[blockIdx.x] += partial`). With `loc` (matching the store) it fires
    on any such read-modify-write. The triple becomes
    `memref.atomic_rmw <kind> x, m[i]`.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of updates made atomic">];
}

def RepairSharedTileSize : KFix_RepairPass<"kfix-repair-shared-tile-size"> {
  let summary = "Resize or pad a __shared__ array";
  let description = [{
    Gives the workgroup attribution named `shared` (its C name, from
    `kfix.shared_names`) the shape `shape` (e.g. `32x33`), or adds `pad`
    elements to its last dimension (`tile[32][32]` -> `tile[32][33]` to
    avoid bank conflicts, or to fit a larger block). Only buffers used by
    plain loads, stores and atomics can be resized. Without `shared`, `loc`
    picks the array instead: the one with a load or store at `loc` (the
    out-of-bounds access that a diagnosis points at).
  }];
  let options = [
    KFix_LocOption,
    Option<"shared", "shared", "std::string", /*default=*/"\"\"", "C name of the __shared__ array">,
    Option<"shape", "shape", "std::string", /*default=*/"\"\"", "New shape, e.g. 32x33">,
    Option<"pad", "pad", "int64_t", /*default=*/"0", "Elements to add to the last dimension">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of arrays resized">];
}

def RepairTileConstant : KFix_RepairPass<"kfix-repair-tile-constant"> {
  let summary = "Change a tile-size constant that disagrees with the launch's block";
  let description = [{
    `replace=FROM:TO`: a `#define TILE 32` / `constexpr int` tile size that no
    longer matches the block the host launches (16x16), or a per-pass row
    step of 16 for 8-row blocks. The constant is folded everywhere it is
    used, so the pass rewrites every integer constant equal to FROM in the
    kernel (selected by `loc`: a kernel with an op at that site; every
    kernel when empty) to TO, the constants FROM-1, FROM+1 and FROM+2 that
    index shared memory (`s[TILE + 1]`, a halo) to TO-1, TO+1, TO+2, and the
    `__shared__` array dimensions FROM, FROM+1, FROM+2 alike (`[TILE][TILE + 1]`).
    Warns and changes nothing when the kernel has no constant FROM or a
    shared array to resize has a use other than loads and stores.
  }];
  let options = [
    KFix_LocOption,
    Option<"replace", "replace", "std::string", /*default=*/"\"\"",
           "FROM:TO, two positive integers">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of constants changed">];
}

def RepairShuffle : KFix_RepairPass<"kfix-repair-shuffle"> {
  let summary = "Fix a warp shuffle: full mask, xor vs down, broadcast of lane 0";
  let description = [{
    `fix=full-mask` (default): drops a partial constant mask (`kfix.mask`)
    from the shuffles at `loc` (every partially masked shuffle when empty).
    `fix=xor` / `fix=down`: turns `down` shuffles into `xor` ones (an
    all-reduce: every lane gets the total) or back, at `loc` (required).
    `fix=broadcast`: after the shuffle at `loc` (required), whose result is
    stored to a C local, inserts `v = __shfl_sync(full, v, 0)` after the
    enclosing loop (or right after the store when not in a loop) so that
    every lane sees lane 0's result of a `down` reduction.
    `fix=offsets`: a warp reduction loop over a shuffle offset `off` (an
    `scf.while` on a local compared `> 0`/`>= 1` and halved, or compared
    `< W`/`<= W/2` and doubled) whose start is wrong for the shuffle width
    W (`off = 32` or `64` for 32 lanes, `off = 8`): the halving loop starts at
    W/2, the doubling loop stops after W/2 (its bound becomes `< W`).
    With `loc`, the other end of the sequence is checked too: a halving
    loop must reach offset 1 (`off > 1` becomes `off > 0`) and a doubling
    loop must start at 1. Without `loc`, only halving loops starting at a
    constant above W/2 and doubling loops bounded by a constant above W are
    changed (a smaller start, a last step of 2 or a first step of 2 may be
    a reduction over groups of lanes or over every other lane).
  }];
  let options = [
    KFix_LocOption,
    Option<"fix", "fix", "std::string", /*default=*/"\"full-mask\"",
           "full-mask | xor | down | broadcast | offsets">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of shuffles fixed">];
}

def RepairReductionTree : KFix_RepairPass<"kfix-repair-reduction-tree"> {
  let summary = "Make a shared-memory tree reduction correct for any block size";
  let description = [{
    Matches the halving tree reduction
    `for (s = S0; s > 0; s >>= 1) { if (tid < s) sh[tid] op= sh[tid + s]; __syncthreads(); }`
    (an `scf.while` on a local `s` compared `> 0` (or `>= 1`, `!= 0`), halved by
    `>>= 1` or `/= 2` at the end of the body, the combine under one `scf.if`
    on `tid < s`, a shared buffer read at `tid + s`). Such a loop drops
    elements when the number of elements `n` is not a power of two, and
    reads out of range or skips elements when `S0` is not `n / 2`
    (`s = blockDim.x`, `s = 128` for 256 threads). It becomes, with a new
    local `__kfix_nactive`:
    `for (m = n; m > 1; m = s) { s = (m + 1) / 2; if (tid < s && tid + s < m) sh[tid] op= sh[tid + s]; __syncthreads(); }`
    which folds the upper part onto the lower one at each step and leaves the
    result of all `n` elements in `sh[0]` (the same steps as before for a
    power of two). `n` is the `n` option (a kernel integer parameter by its C
    name, or an integer) or, by default, `blockDim` of the dimension that
    `tid` comes from. Refuses (with a warning when aimed) when `s` is written
    elsewhere or `tid` is not traced to a thread id and `n` is not given.
    `loc` matches the loop.
  }];
  let options = [
    KFix_LocOption,
    Option<"n", "n", "std::string", /*default=*/"\"\"",
           "Number of elements reduced: a kernel parameter's C name or an integer (default blockDim)">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of reduction loops fixed">];
}

def RepairUninitShared : KFix_RepairPass<"kfix-repair-uninit-shared"> {
  let summary = "Initialize a __shared__ accumulator before it is accumulated into";
  let description = [{
    A workgroup buffer (a `__shared__` scalar or array) updated by
    read-modify-write stores (`acc += x`: a store of `combine(load acc[i], x)`)
    or by `memref.atomic_rmw` (atomicAdd/Max/Min) with no plain store that
    initializes it first is given an initialization at the start of the
    kernel: the element 0 of a scalar by thread 0 of the block, every element
    of an array by a block-stride loop over the flattened `tid`
    (`for (k = tid; k < size; k += blockDim.x*blockDim.y*blockDim.z)`),
    storing the identity of the combining op (0 for add, 1 for mul, -inf/+inf
    for max/min, INT_MIN/INT_MAX for integers), followed by a `gpu.barrier`.
    The initialization goes right before the first op of the kernel that
    touches the buffer, which must be in the kernel's entry block (not in
    divergent code). `shared` restricts it to one buffer (its C name); `loc`
    matches an accumulating update.
  }];
  let options = [
    KFix_LocOption,
    Option<"shared", "shared", "std::string", /*default=*/"\"\"", "C name of the __shared__ buffer">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of buffers initialized">];
}

def RepairTransposedIndex : KFix_RepairPass<"kfix-repair-transposed-index"> {
  let summary = "Swap the terms of a row-major 2-D index, or change its stride";
  let description = [{
    At `loc` (required), on the C index of each memory access (looking
    through `index_cast`): `a * C + b` (or `b + a * C`, `a * C` as `muli`
    either operand order). `fix=swap` (default) rewrites it to `b * C + a`,
    or `b * S + a` when `stride=S` is given (`r*C + c` -> `c*R + r`);
    `fix=stride` keeps the terms and replaces `C` by `S` (`stride`
    required). `S` is a kernel integer parameter by C name or an integer.
    Accesses whose index does not have that shape are left alone (a warning
    when nothing at the site matches).

    With `shape=NAME[d0][d1]...` (the buffer's declared row-major shape over
    the kernel's integer parameters, e.g. `B[K][N]`), the pass finds the
    terms itself: every access of NAME (at `loc` when given) is split into
    its variable terms, and a term whose stride is none of the suffix
    products of the shape (`B[col*K + k]`), or the outermost of two terms
    sharing a stride while a larger stride is missing, gets the missing
    stride: `fix=stride` replaces the bad factor of its multiply,
    `fix=swap` exchanges the multiply's other operand with the unit-stride
    partner of the enclosing add (`B[k*N + col]`). Refuses (a warning, no
    change) when the index terms are used by accesses of other buffers.
    `fix=relayout` (with `shape`) takes an index that is the declared
    coordinates linearized in another order (`w[c*9 + ky*3 + kx]` for
    `w[3][3][C]`): each addend's coordinate is matched to the dimension of
    its extent (its loop's trip count, or the bound it is tested against;
    coordinates of one extent keep their order) and the index is rebuilt
    with the declared strides (`(ky*3 + kx)*C + c`, as a sum).
  }];
  let options = [
    KFix_LocOption,
    Option<"fix", "fix", "std::string", /*default=*/"\"swap\"", "swap | stride | relayout">,
    Option<"stride", "stride", "std::string", /*default=*/"\"\"",
           "New stride: a kernel integer parameter's C name or an integer">,
    Option<"shape", "shape", "std::string", /*default=*/"\"\"",
           "Declared shape NAME[d0][d1]...: find the terms that contradict it">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of indices rewritten">];
}

def RepairFlatIndexSplit : KFix_RepairPass<"kfix-repair-flat-index-split"> {
  let summary = "Recover each coordinate of a flat index with the declared layout's % and /";
  let description = [{
    `shape` declares buffers as the task's contract (`NAME[d0][d1]...`, several
    separated by `;`, dimensions products of integer parameters). A flat
    index `t` is the whole index of a declared buffer of rank >= 2
    (`x[t]`, through casts and single-assignment C locals). An extraction
    `t % s` or `t / s` (`s` loop-invariant) used as an index term of a
    declared buffer is a coordinate of that buffer's dimension with the
    term's stride (`bias[t % s]` with `bias[C]`: a C coordinate). When `t`
    walks a buffer with exactly one dimension `dk` of that extent, the
    extraction is rebuilt in the row-major form of coordinate `k`:
    `t % dm` (last), `t / (d1*...*dm)` (first), `(t / (dk+1*...*dm)) % dk`
    otherwise, keeping its signedness; extractions already in that form, used
    as coordinates of different extents, or whose extent matches no dimension
    or several are left alone. `loc` restricts it to extractions at a site.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
  let options = [
    KFix_LocOption,
    Option<"shape", "shape", "std::string", /*default=*/"\"\"",
           "Buffers and their shapes: NAME[d0][d1]... separated by ';'">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of extractions rebuilt">];
}

def RepairSoftmaxMax : KFix_RepairPass<"kfix-repair-softmax-max"> {
  let summary = "Subtract the row maximum inside the exp of a softmax";
  let description = [{
    Matches a softmax normalizer computed without the max shift: a local
    `sum` accumulated (`sum += exp(x[e])`, f32/f64, `math.exp`/`__expf`)
    in an `scf.for` whose body only loads `x[e]` (a global buffer) and adds
    its exp to the sum (single-thread-per-row form: any start, bound and
    step, thread-dependent or not). Inserts before that loop a new local
    `__kfix_max = -inf` and a copy of the loop that computes
    `__kfix_max = fmaxf(__kfix_max, x[e])` over the same iteration space,
    and rewrites every `exp(x[e'])` of the kernel that reads the same buffer
    with an index of the same shape (same expression, the loop variable
    of another loop with the same bounds as the sum loop) to
    `exp(x[e'] - __kfix_max)`. Since the sum and every exp are multiplied by
    `exp(-max)`, the quotients are unchanged in exact arithmetic. Refuses
    when an exp of that buffer is used other than as the sum's term or a
    quotient's numerator or divisor would be left unshifted, or when the
    loop nest is not of this form. `loc` matches the exp or the sum loop.
    A `log(sum)` is accepted too: the max is added back to the log.
    Spread loops (start depending on the thread, e.g. `c = threadIdx.x`,
    `c += blockDim.x`, whose partial sums are combined across threads
    through locals, `__shared__` buffers, adds and shuffles): the max loop
    runs from the start of thread 0 of block 0 with step 1 over the same
    body, so every thread computes the same max of the whole range and all
    partial sums are scaled by the same factor. The combined sum is followed
    to its uses; the pass refuses when it reaches global memory, is combined
    with anything but partial sums, or is used other than as the divisor of
    an exp (directly or through its reciprocal) or in a log. Exps widened
    from half (`__half2float(hexp(x))`) are accepted.
  }];
  let options = [KFix_LocOption];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of softmaxes shifted">];
}

def RepairEdit : KFix_RepairPass<"kfix-repair-edit"> {
  let summary = "One or more small typed edits of the lifted IR at named sites";
  let description = [{
    The edits of the generic edit search (lib/Agent/EditSearch.cpp), made
    reproducible: each list option holds one element per edit (the i-th
    elements form edit i; `with` and `operand` may be left out when no
    edit needs them, `-` stands for "none"). An edit acts on every op named
    `op` at `loc` (`file:line:col`):
      `kind=operand`  operand #`operand` becomes `with`: `arg:NAME` (a
                      kernel parameter), `var:NAME` (the current value of a
                      C local, read just before the op), `iv:K` (the K-th
                      enclosing scf.for induction variable, 0 = innermost),
                      `def:LINE:COL:OPNAME` (the nearest earlier dominating
                      result of that op);
      `kind=opcode`   the op becomes `with` (an op of the same class,
                      e.g. arith.subi for arith.addi), or, for cmpi/cmpf,
                      takes predicate `with` (sle, oge, ...);
      `kind=swap`     its two operands are exchanged;
      `kind=delta`    operand #`operand` (or `result`) gets `with` (+1 /
                      -1) added: a constant operand is replaced by the
                      shifted constant, anything else by `x + with`;
      `kind=bypass`   every use of its result reads operand #`operand`
                      instead (`x + c` -> `x`, `HW / 32` -> `HW`);
      `kind=fconst`   float constant operand #`operand` becomes `with`
                      (0, 1, -1, inf, -inf, max, -max, 1e-5, ...);
      `kind=delete`   the store is erased;
      `kind=stable-ratio` `(E + a) / (E + b)` (a numerator of E alone too)
                      becomes `1 + (a - b) / (E + b)`: no inf / inf once E
                      overflows (a hand-written tanh or sigmoid).
    All targets are resolved before any edit is made; ops left dead by an
    edit are erased. Fails when an edit names nothing or `with` does not
    resolve to a value of the operand's type.
  }];
  let options = [
    ListOption<"loc", "loc", "std::string", "file:line:col of each edit's op">,
    ListOption<"kind", "kind", "std::string",
               "operand | opcode | swap | delta | bypass | fconst | delete">,
    ListOption<"op", "op", "std::string", "the name of each edit's op (arith.addi, ...)">,
    ListOption<"operand", "operand", "std::string", "operand index (or `result` for delta)">,
    ListOption<"with", "with", "std::string", "the replacement (see the description)">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of ops edited">];
}

#endif // KFIX_REPAIR_PASSES_TD
