//===- FuzzExpr.cpp - libFuzzer target: size expressions (Expr::parse) ----===//
//
// The input is one expression string of a task manifest (`ceildiv(N,256)`).
// Parsed, then evaluated under a few fixed size bindings (zero, negative,
// large, float values) so that evaluation meets division by zero and
// overflow. Properties: the text is kept; every symbol is listed once.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "kfix/Runtime/Expr.h"

#include <set>

using namespace kfix;

static std::vector<Bindings> makeBindings() {
  std::vector<Bindings> out(4);
  const char *names[] = {"N", "M", "R", "C", "B", "D", "K", "x", "S"};
  int64_t ints[][9] = {{1024, 7, 3, 5, 2, 64, 3, 1, 16},
                       {0, 0, 0, 0, 0, 0, 0, 0, 0},
                       {-1, INT64_MIN, INT64_MAX, -7, 1, -2, 3, INT32_MAX, 1}};
  for (int b = 0; b < 3; ++b)
    for (int i = 0; i < 9; ++i)
      out[b][names[i]] = Scalar::ofInt(ints[b][i]);
  for (int i = 0; i < 9; ++i)
    out[3][names[i]] = Scalar::ofFloat(i % 2 ? 0.5 : -1e308);
  return out;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const std::vector<Bindings> bindings = makeBindings();
  llvm::StringRef text = fuzz::bytes(data, size);
  llvm::Expected<Expr> e = Expr::parse(text);
  if (!e) {
    fuzz::expectMessage(e.takeError());
    return 0;
  }
  KFIX_FUZZ_CHECK(e->text() == text, "the parsed expression keeps its text");
  std::vector<std::string> syms = e->symbols();
  KFIX_FUZZ_CHECK(std::set<std::string>(syms.begin(), syms.end()).size() == syms.size(),
                  "symbols() lists each symbol once");
  for (const Bindings &b : bindings) {
    if (auto v = e->eval(b))
      (void)v->str();
    else
      fuzz::expectMessage(v.takeError());
    if (auto v = e->evalInt(b))
      (void)*v;
    else
      fuzz::expectMessage(v.takeError());
  }
  return 0;
}
