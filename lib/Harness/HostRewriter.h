//===- HostRewriter.h - the host-side rewrite of harness-prepare -*- C++ -*-===//
//
// Private to lib/Harness. HostRewriter collects, from the host parse's AST,
// the kernel launches, device bodies, device globals, is_cuda()/kCUDA uses and
// symbol copies of the main file, and rewrites them through a clang::Rewriter
// (HostRewriter.cpp); Prepare.cpp drives it from its AST visitor.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_HARNESS_HOSTREWRITER_H
#define KFIX_LIB_HARNESS_HOSTREWRITER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kfix::harness {

/// `s` as a JSON string literal.
std::string jsonString(llvm::StringRef s);
/// `s` as a C string literal.
std::string cString(llvm::StringRef s);

/// A stretch of the main file that a rewrite may touch: the text of an
/// expression written in the file (or in a macro argument), or a #define.
struct Region {
  unsigned begin = 0, end = 0; // file offsets, [begin, end)
  bool inDefine = false;
  bool contains(unsigned off) const { return off >= begin && off < end; }
};

struct Launch {
  const clang::CUDAKernelCallExpr *call;
  bool dependent;
  std::string name; // kfix.name of the callee; empty when dependent
};

struct Site {
  unsigned anchor;              // file offset of `<<<` as spelled
  std::vector<Launch> launches; // every expansion / instantiation
};

struct Edit {
  unsigned begin, end;
  std::string text;
  bool body; // a device body emptied: wins over edits inside it
};

struct SiteInfo {
  unsigned number;
  std::string file;
  unsigned line, col;
  std::string callee;
  std::optional<std::string> key;
  std::vector<std::string> instantiations;
};

struct HostResult {
  bool ran = false;
  std::string rewritten;
  std::vector<SiteInfo> sites;
  std::vector<std::string> deviceGlobals; // JSON objects
  std::vector<std::string> problems;      // FILE:LINE:COL: warning: ...
  std::set<std::string> instantiations;   // every kernel name launched
  unsigned numKernelDefs = 0;
};

class HostRewriter {
public:
  HostRewriter(clang::ASTContext &ast, HostResult &out)
      : ast(ast), sm(ast.getSourceManager()), lo(ast.getLangOpts()), out(out) {
    pp = ast.getPrintingPolicy();
    pp.SuppressTagKeyword = true;
    mainID = sm.getMainFileID();
    buffer = sm.getBufferData(mainID);
  }

  clang::ASTContext &ast;
  const clang::SourceManager &sm;
  const clang::LangOptions &lo;
  HostResult &out;
  clang::PrintingPolicy pp{clang::LangOptions()};
  clang::FileID mainID;
  llvm::StringRef buffer;

  std::map<unsigned, Site> sites;
  std::vector<Edit> edits;
  std::set<unsigned> rewritten; // region begins already edited
  std::set<unsigned> seenDevGlobals;
  std::set<unsigned> seenRuntimeLaunches;
  std::set<unsigned> seenSymbolCopies;

  /// A file-scope `__constant__` variable of the main file: every rewritten
  /// launch after its declaration passes it (::kfix_rt::symbol).
  struct ConstantSymbol {
    unsigned offset;            // of its declaration
    std::string name;           // as the lifter names it (kfix.constants)
    std::string ref;            // a qualified reference from file scope
    const clang::VarDecl *decl; // canonical
  };

  /// The `__constant__` variables of the file that `fd` reads, itself or
  /// through the functions it calls.
  void constantsReadBy(const clang::FunctionDecl *fd, std::set<const clang::VarDecl *> &out);
  std::vector<ConstantSymbol> constantSymbols;
  std::set<const clang::VarDecl *> constantDecls;

  // --- locations -----------------------------------------------------------

  std::optional<unsigned> mainOffset(clang::SourceLocation l) const;

  std::string where(unsigned off) const;

  void problem(unsigned off, const llvm::Twine &msg);

  /// The #define directive of the main file that holds offset `off`.
  std::optional<Region> defineAround(unsigned off) const;

  /// The region in which the text of `e` is rewritten: where `e` is written
  /// (in the file or a macro argument), else the #define that spells `anchor`.
  std::optional<Region> regionOf(clang::SourceRange range, clang::SourceLocation anchor) const;

  /// Offset of the token at `p` as spelled inside `r` (just after it with
  /// `end`). A token that came through macros is searched for along both
  /// edges of each step: where it was spelled (a macro argument's text, a
  /// #define body's token) first, then where it was expanded (the macro
  /// parameter's position in the body, the macro's invocation).
  std::optional<unsigned> mapLoc(clang::SourceLocation p, const Region &r, bool end) const;

  std::optional<unsigned> mapLocRec(clang::SourceLocation p, const Region &r, bool end,
                                    unsigned depth, unsigned &budget) const;

  std::optional<std::pair<unsigned, unsigned>> mapRange(clang::SourceRange range,
                                                        const Region &r) const;

  std::optional<std::string> textOf(const clang::Expr *e, const Region &r) const;
  std::optional<std::string> textOf(clang::SourceRange range, const Region &r) const;

  std::string kernelName(const clang::FunctionDecl *fd) const;

  // --- collection ----------------------------------------------------------

  static bool isDeviceOnly(const clang::FunctionDecl *fd);

  void addLaunch(const clang::CUDAKernelCallExpr *e);

  void addBody(const clang::FunctionDecl *fd);

  /// A `__constant__` the user wrote (Clang marks namespace-scope constexpr
  /// variables __constant__ implicitly: those stay compile-time constants).
  static bool isUserConstant(const clang::VarDecl *vd);

  void addDeviceGlobal(const clang::VarDecl *vd);

  /// cudaMemcpyToSymbol(sym, ...) and its relatives on a `__constant__` of
  /// the file: `::kfix_rt::SymbolCopy{"sym"}.to_symbol(sym, ...)`, which fills
  /// the host variable each launch passes (kfix_rt_compat.h).
  void addSymbolCopy(const clang::CallExpr *e, llvm::StringRef fn);

  /// cudaLaunchKernel(&k, ...) and the like bypass the launch ABI: named.
  void addRuntimeLaunch(const clang::CallExpr *e, llvm::StringRef fn);

  /// `E.is_cuda()` / `E.device().is_cuda()` on a tensor or device.
  void addIsCuda(const clang::CXXMemberCallExpr *e);

  /// References to c10::DeviceType::CUDA and c10::kCUDA.
  void addDeviceType(const clang::DeclRefExpr *e);

  // --- launch rewriting ----------------------------------------------------

  /// The template and the explicit template arguments of a launch's callee.
  struct CalleeInfo {
    std::string baseName;
    const clang::FunctionTemplateDecl *tmpl = nullptr;
    const clang::FunctionDecl *plain = nullptr;
    llvm::ArrayRef<clang::TemplateArgumentLoc> explicitArgs;
  };

  static CalleeInfo calleeOf(const clang::CUDAKernelCallExpr *e);

  /// `::kfix_rt::key("k", tname<...>(), vname(...))`, or nullopt with `why`.
  std::optional<std::string> runtimeKey(const clang::CUDAKernelCallExpr *e, const CalleeInfo &ci,
                                        const Region &r, std::string &why) const;

  void rewriteSite(Site &s, unsigned number, SiteInfo &info);

  void finish();
};

} // namespace kfix::harness

#endif // KFIX_LIB_HARNESS_HOSTREWRITER_H
