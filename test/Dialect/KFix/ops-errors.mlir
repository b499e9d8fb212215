// RUN: kfix-opt %s --split-input-file --verify-diagnostics

func.func @empty_tag(%v: f32) {
  // expected-error @below {{tag must not be empty}}
  kfix.probe "" %v site 0 : f32
  return
}

// -----

func.func @negative_site(%c: i1) {
  // expected-error @below {{site must be non-negative}}
  kfix.check bounds %c site -1
  return
}

// -----

func.func @too_many_details(%c: i1, %i: index) {
  // expected-error @below {{records at most 2 details}}
  kfix.check bounds %c site 0 details(%i, %i, %i : index, index, index)
  return
}

// -----

func.func @counter_range() {
  // expected-error @below {{counter must be in [0, 255]}}
  kfix.count site 0 counter 300
  return
}

// -----

func.func @rank(%m: memref<4x4xf32>, %i: index) {
  // expected-error @below {{expected 2 indices, got 1}}
  kfix.access read %m[%i] site 0 : memref<4x4xf32>
  return
}

// -----

func.func @bad_kind(%c: i1) {
  // expected-error @below {{expected ::kfix::CheckKind to be one of: bounds, nan, inf, divergence, assertion}}
  // expected-error @below {{failed to parse KFix_CheckKindAttr parameter}}
  kfix.check racy %c site 0
  return
}
