//===- HostRewriter.cpp - the host-side rewrite of harness-prepare --------===//
//
// The host parse's rewrite of a candidate (see Prepare.cpp): launches become
// ::kfix_rt::launch calls, device bodies become `{}`, is_cuda()/kCUDA and
// cudaMemcpy*Symbol go through kfix_rt. Edits are made at spelling locations
// in the main file (a macro argument where it was written, a #define body in
// the #define) and applied at the end, bodies first, overlaps dropped.
//
//===----------------------------------------------------------------------===//

#include "HostRewriter.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace kfix::harness {

void HostRewriter::constantsReadBy(const clang::FunctionDecl *fd,
                                   std::set<const clang::VarDecl *> &out) {
  struct Uses : clang::RecursiveASTVisitor<Uses> {
    HostRewriter &hr;
    std::set<const clang::VarDecl *> &out;
    std::set<const clang::FunctionDecl *> seen;
    Uses(HostRewriter &hr, std::set<const clang::VarDecl *> &out) : hr(hr), out(out) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    void fn(const clang::FunctionDecl *f) {
      const clang::FunctionDecl *def = f ? f->getDefinition() : nullptr;
      if (!def || !def->hasBody() || !seen.insert(def).second || seen.size() > 256)
        return;
      TraverseStmt(def->getBody());
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr *e) {
      if (const auto *vd = dyn_cast<clang::VarDecl>(e->getDecl())) {
        if (hr.constantDecls.count(vd->getCanonicalDecl()))
          out.insert(vd->getCanonicalDecl());
      } else if (const auto *f = dyn_cast<clang::FunctionDecl>(e->getDecl())) {
        fn(f);
      }
      return true;
    }
    bool VisitCXXConstructExpr(clang::CXXConstructExpr *e) {
      fn(e->getConstructor());
      return true;
    }
    bool VisitCallExpr(clang::CallExpr *e) {
      fn(e->getDirectCallee());
      return true;
    }
  } uses(*this, out);
  uses.fn(fd);
}

std::optional<unsigned> HostRewriter::mainOffset(clang::SourceLocation l) const {
  if (l.isInvalid() || !l.isFileID())
    return std::nullopt;
  std::pair<clang::FileID, unsigned> d = sm.getDecomposedLoc(l);
  if (d.first != mainID)
    return std::nullopt;
  return d.second;
}

std::string HostRewriter::where(unsigned off) const {
  clang::SourceLocation l = sm.getComposedLoc(mainID, off);
  clang::PresumedLoc p = sm.getPresumedLoc(l);
  if (p.isInvalid())
    return "<unknown>";
  return (Twine(p.getFilename()) + ":" + Twine(p.getLine()) + ":" + Twine(p.getColumn())).str();
}

void HostRewriter::problem(unsigned off, const Twine &msg) {
  out.problems.push_back(where(off) + ": warning: " + msg.str());
}

std::optional<Region> HostRewriter::defineAround(unsigned off) const {
  auto lineStart = [&](unsigned o) {
    while (o > 0 && buffer[o - 1] != '\n')
      --o;
    return o;
  };
  unsigned ls = lineStart(off);
  // Go back over continued lines.
  while (ls >= 2 && buffer[ls - 1] == '\n' &&
         (buffer[ls - 2] == '\\' || (buffer[ls - 2] == '\r' && ls >= 3 && buffer[ls - 3] == '\\')))
    ls = lineStart(ls - 1);
  StringRef head = buffer.substr(ls).ltrim(" \t");
  if (!head.consume_front("#"))
    return std::nullopt;
  head = head.ltrim(" \t");
  if (!head.starts_with("define"))
    return std::nullopt;
  unsigned e = off;
  while (e < buffer.size()) {
    if (buffer[e] == '\n') {
      unsigned k = e;
      if (k > 0 && buffer[k - 1] == '\r')
        --k;
      if (k == 0 || buffer[k - 1] != '\\')
        break;
    }
    ++e;
  }
  Region r;
  r.begin = ls;
  r.end = e;
  r.inDefine = true;
  return r;
}

std::optional<Region> HostRewriter::regionOf(clang::SourceRange range,
                                             clang::SourceLocation anchor) const {
  clang::CharSourceRange whole =
      clang::Lexer::makeFileCharRange(clang::CharSourceRange::getTokenRange(range), sm, lo);
  if (whole.isValid()) {
    auto b = mainOffset(whole.getBegin()), e = mainOffset(whole.getEnd());
    auto a = mainOffset(sm.getSpellingLoc(anchor));
    // A range that is one macro expansion (`LAUNCH` for a #define whose
    // body is the whole launch) is not where the launch is spelled: the
    // anchor token (`<<<`, the member name) must lie inside it.
    if (b && e && *b <= *e && a && *a >= *b && *a < *e) {
      Region r;
      r.begin = *b;
      r.end = *e;
      return r;
    }
  }
  auto a = mainOffset(sm.getSpellingLoc(anchor));
  if (!a)
    return std::nullopt;
  return defineAround(*a);
}

std::optional<unsigned> HostRewriter::mapLoc(clang::SourceLocation p, const Region &r,
                                             bool end) const {
  unsigned budget = 256;
  return mapLocRec(p, r, end, 0, budget);
}

std::optional<unsigned> HostRewriter::mapLocRec(clang::SourceLocation p, const Region &r, bool end,
                                                unsigned depth, unsigned &budget) const {
  if (p.isInvalid() || depth > 32 || budget == 0)
    return std::nullopt;
  --budget;
  if (p.isFileID()) {
    auto off = mainOffset(p);
    if (!off || !(r.contains(*off) || (!r.inDefine && *off == r.end)))
      return std::nullopt;
    if (!end)
      return *off;
    clang::SourceLocation after = clang::Lexer::getLocForEndOfToken(p, 0, sm, lo);
    return mainOffset(after);
  }
  if (auto s = mapLocRec(sm.getImmediateSpellingLoc(p), r, end, depth + 1, budget))
    return s;
  clang::CharSourceRange x = sm.getImmediateExpansionRange(p);
  return mapLocRec(end ? x.getEnd() : x.getBegin(), r, end, depth + 1, budget);
}

std::optional<std::pair<unsigned, unsigned>> HostRewriter::mapRange(clang::SourceRange range,
                                                                    const Region &r) const {
  auto b = mapLoc(range.getBegin(), r, false);
  auto e = mapLoc(range.getEnd(), r, true);
  if (!b || !e || *b > *e)
    return std::nullopt;
  return std::make_pair(*b, *e);
}

std::optional<std::string> HostRewriter::textOf(const clang::Expr *e, const Region &r) const {
  if (!e)
    return std::nullopt;
  auto rg = mapRange(e->getSourceRange(), r);
  if (!rg)
    return std::nullopt;
  return buffer.substr(rg->first, rg->second - rg->first).str();
}

std::optional<std::string> HostRewriter::textOf(clang::SourceRange range, const Region &r) const {
  auto rg = mapRange(range, r);
  if (!rg)
    return std::nullopt;
  return buffer.substr(rg->first, rg->second - rg->first).str();
}

std::string HostRewriter::kernelName(const clang::FunctionDecl *fd) const {
  std::string s;
  raw_string_ostream os(s);
  fd->getNameForDiagnostic(os, pp, /*Qualified=*/false);
  return s;
}

bool HostRewriter::isDeviceOnly(const clang::FunctionDecl *fd) {
  return fd->hasAttr<clang::CUDAGlobalAttr>() ||
         (fd->hasAttr<clang::CUDADeviceAttr>() && !fd->hasAttr<clang::CUDAHostAttr>());
}

void HostRewriter::addLaunch(const clang::CUDAKernelCallExpr *e) {
  const clang::CallExpr *cfg = e->getConfig();
  if (!cfg)
    return;
  clang::SourceLocation lll =
      cfg->getCallee() ? cfg->getCallee()->getBeginLoc() : cfg->getBeginLoc();
  auto anchor = mainOffset(sm.getSpellingLoc(lll));
  if (!anchor) {
    if (mainOffset(sm.getFileLoc(e->getBeginLoc())))
      problem(*mainOffset(sm.getFileLoc(e->getBeginLoc())),
              "a kernel launch spelled outside this file is not rewritten");
    return;
  }
  Launch l{e, e->isInstantiationDependent() || e->isTypeDependent(), ""};
  if (!l.dependent) {
    if (const clang::FunctionDecl *fd = e->getDirectCallee()) {
      l.name = kernelName(fd);
      out.instantiations.insert(l.name);
    } else {
      l.dependent = true; // a launch through a function pointer
    }
  }
  Site &s = sites[*anchor];
  s.anchor = *anchor;
  s.launches.push_back(l);
}

void HostRewriter::addBody(const clang::FunctionDecl *fd) {
  if (!fd->doesThisDeclarationHaveABody() || fd->isTemplateInstantiation() || !isDeviceOnly(fd) ||
      fd->isConstexpr())
    return;
  if (fd->getTemplateSpecializationKind() == clang::TSK_ImplicitInstantiation)
    return;
  const clang::Stmt *body = fd->getBody();
  if (!body)
    return;
  clang::CharSourceRange r = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(body->getSourceRange()), sm, lo);
  auto b = r.isValid() ? mainOffset(r.getBegin()) : std::nullopt;
  auto e = r.isValid() ? mainOffset(r.getEnd()) : std::nullopt;
  if (!b || !e) {
    if (auto at = mainOffset(sm.getFileLoc(fd->getLocation())))
      problem(*at, "the body of device function '" + fd->getNameAsString() +
                       "' is spelled in a macro and is not emptied");
    return;
  }
  if (fd->hasAttr<clang::CUDAGlobalAttr>())
    ++out.numKernelDefs;
  if (!rewritten.insert(*b).second)
    return;
  edits.push_back({*b, *e, "{}", true});
}

bool HostRewriter::isUserConstant(const clang::VarDecl *vd) {
  const auto *a = vd ? vd->getAttr<clang::CUDAConstantAttr>() : nullptr;
  return a && !a->isImplicit() && vd->isFileVarDecl();
}

void HostRewriter::addDeviceGlobal(const clang::VarDecl *vd) {
  if (!vd->isFileVarDecl() ||
      !(vd->hasAttr<clang::CUDADeviceAttr>() || vd->hasAttr<clang::CUDAConstantAttr>()))
    return;
  auto off = mainOffset(sm.getFileLoc(vd->getLocation()));
  if (!off || !seenDevGlobals.insert(*off).second)
    return;
  if (isUserConstant(vd) && vd->getIdentifier()) {
    // `::ns::name` (anonymous and inline namespaces are found through
    // their parent).
    std::string ref;
    for (const clang::DeclContext *dc = vd->getDeclContext(); dc && !dc->isTranslationUnit();
         dc = dc->getParent())
      if (const auto *ns = dyn_cast<clang::NamespaceDecl>(dc))
        if (!ns->isAnonymousNamespace() && !ns->isInline())
          ref = "::" + ns->getName().str() + ref;
    ref += "::" + vd->getName().str();
    constantSymbols.push_back({*off, vd->getName().str(), ref, vd->getCanonicalDecl()});
    constantDecls.insert(vd->getCanonicalDecl());
  }
  clang::PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(vd->getLocation()));
  std::string o = "{\"name\": " + jsonString(vd->getName()) + ", \"space\": " +
                  jsonString(vd->hasAttr<clang::CUDAConstantAttr>() ? "constant" : "device") +
                  ", \"ctype\": " + jsonString(vd->getType().getAsString(pp)) +
                  ", \"line\": " + std::to_string(p.isValid() ? p.getLine() : 0) + "}";
  out.deviceGlobals.push_back(o);
}

void HostRewriter::addSymbolCopy(const clang::CallExpr *e, StringRef fn) {
  StringRef method = llvm::StringSwitch<StringRef>(fn)
                         .Case("cudaMemcpyToSymbol", "to_symbol")
                         .Case("cudaMemcpyToSymbolAsync", "to_symbol_async")
                         .Case("cudaMemcpyFromSymbol", "from_symbol")
                         .Case("cudaMemcpyFromSymbolAsync", "from_symbol_async")
                         .Default("");
  if (method.empty())
    return;
  unsigned symArg = method.starts_with("from") ? 1 : 0;
  auto begin = mainOffset(sm.getFileLoc(e->getBeginLoc()));
  if (!begin || !seenSymbolCopies.insert(*begin).second)
    return;
  const clang::VarDecl *vd = nullptr;
  if (e->getNumArgs() > symArg)
    if (const auto *dre = dyn_cast<clang::DeclRefExpr>(e->getArg(symArg)->IgnoreParenImpCasts()))
      vd = dyn_cast<clang::VarDecl>(dre->getDecl());
  if (!vd || !isUserConstant(vd)) {
    problem(*begin, fn + " is not rewritten: its symbol is not a __constant__ variable of "
                         "this file; kernels that read the symbol get no value from it");
    return;
  }
  const clang::Expr *callee = e->getCallee()->IgnoreParenImpCasts();
  std::optional<Region> r = regionOf(e->getSourceRange(), callee->getBeginLoc());
  std::optional<std::pair<unsigned, unsigned>> rg;
  if (r)
    rg = mapRange(callee->getSourceRange(), *r);
  if (!rg) {
    problem(*begin, fn + " cannot be mapped to its spelling and is not rewritten");
    return;
  }
  if (!rewritten.insert(rg->first).second)
    return;
  edits.push_back({rg->first, rg->second,
                   "::kfix_rt::SymbolCopy{" + cString(vd->getName()) + "}." + method.str(), false});
}

void HostRewriter::addRuntimeLaunch(const clang::CallExpr *e, StringRef fn) {
  if (auto off = mainOffset(sm.getFileLoc(e->getBeginLoc())))
    if (seenRuntimeLaunches.insert(*off).second)
      problem(*off, fn + " is not rewritten: only <<<...>>> launches go through the "
                         "harness");
}

void HostRewriter::addIsCuda(const clang::CXXMemberCallExpr *e) {
  const clang::CXXMethodDecl *md = e->getMethodDecl();
  if (!md || md->getName() != "is_cuda" || md->getNumParams() != 0)
    return;
  std::string cls = md->getParent()->getQualifiedNameAsString();
  if (cls != "at::Tensor" && cls != "at::TensorBase" && cls != "c10::Device" &&
      cls != "at::Device" && cls != "at::DeprecatedTypeProperties")
    return;
  const clang::Expr *obj = e->getImplicitObjectArgument();
  const auto *me = dyn_cast<clang::MemberExpr>(e->getCallee()->IgnoreParens());
  if (!obj || !me)
    return;
  bool arrow = me->isArrow();
  // x.device().is_cuda(), x.type().is_cuda() -> is_cuda(x)
  if (const auto *inner = dyn_cast<clang::CXXMemberCallExpr>(obj->IgnoreImplicit()))
    if (const clang::CXXMethodDecl *im = inner->getMethodDecl())
      if ((im->getName() == "device" || im->getName() == "type") && im->getNumParams() == 0 &&
          StringRef(im->getParent()->getQualifiedNameAsString()).starts_with("at::"))
        if (const auto *ime = dyn_cast<clang::MemberExpr>(inner->getCallee()->IgnoreParens())) {
          obj = inner->getImplicitObjectArgument();
          arrow = ime->isArrow();
        }
  std::optional<Region> r = regionOf(e->getSourceRange(), me->getMemberLoc());
  if (!r)
    return;
  auto whole = mapRange(e->getSourceRange(), *r);
  auto text = textOf(obj, *r);
  if (!whole || !text) {
    problem(r->begin, "an is_cuda() call kfix cannot map to its spelling is not rewritten");
    return;
  }
  if (!rewritten.insert(whole->first).second)
    return;
  std::string arg = arrow ? "*(" + *text + ")" : *text;
  edits.push_back({whole->first, whole->second, "::kfix_rt::is_cuda(" + arg + ")", false});
}

void HostRewriter::addDeviceType(const clang::DeclRefExpr *e) {
  const clang::ValueDecl *d = e->getDecl();
  bool hit = false;
  if (const auto *ec = dyn_cast<clang::EnumConstantDecl>(d)) {
    if (ec->getName() == "CUDA")
      if (const auto *ed = dyn_cast<clang::EnumDecl>(ec->getDeclContext()))
        hit = ed->getQualifiedNameAsString() == "c10::DeviceType";
  } else if (const auto *vd = dyn_cast<clang::VarDecl>(d)) {
    hit = vd->getQualifiedNameAsString() == "c10::kCUDA";
  }
  if (!hit)
    return;
  std::optional<Region> r = regionOf(e->getSourceRange(), e->getLocation());
  if (!r)
    return;
  auto whole = mapRange(e->getSourceRange(), *r);
  if (!whole || !rewritten.insert(whole->first).second)
    return;
  edits.push_back({whole->first, whole->second, "::kfix_rt::cuda_device_type()", false});
}

HostRewriter::CalleeInfo HostRewriter::calleeOf(const clang::CUDAKernelCallExpr *e) {
  CalleeInfo ci;
  const clang::Expr *c = e->getCallee()->IgnoreParenImpCasts();
  if (const auto *dre = dyn_cast<clang::DeclRefExpr>(c)) {
    if (const auto *fd = dyn_cast<clang::FunctionDecl>(dre->getDecl())) {
      ci.baseName = fd->getNameAsString();
      ci.tmpl = fd->getPrimaryTemplate();
      if (!ci.tmpl)
        ci.tmpl = fd->getDescribedFunctionTemplate();
      if (!ci.tmpl)
        ci.plain = fd;
    }
    if (dre->hasExplicitTemplateArgs())
      ci.explicitArgs = dre->template_arguments();
  } else if (const auto *ule = dyn_cast<clang::UnresolvedLookupExpr>(c)) {
    ci.baseName = ule->getName().getAsString();
    for (const clang::NamedDecl *d : ule->decls()) {
      const clang::NamedDecl *u = d->getUnderlyingDecl();
      if (const auto *ft = dyn_cast<clang::FunctionTemplateDecl>(u)) {
        ci.tmpl = ft;
        break;
      }
      if (const auto *fd = dyn_cast<clang::FunctionDecl>(u))
        ci.plain = fd;
    }
    if (ule->hasExplicitTemplateArgs())
      ci.explicitArgs = ule->template_arguments();
  }
  return ci;
}

std::optional<std::string> HostRewriter::runtimeKey(const clang::CUDAKernelCallExpr *e,
                                                    const CalleeInfo &ci, const Region &r,
                                                    std::string &why) const {
  if (!ci.tmpl) {
    why = "the kernel's template is not known";
    return std::nullopt;
  }
  const clang::TemplateParameterList *tpl = ci.tmpl->getTemplateParameters();
  const clang::FunctionDecl *pattern = ci.tmpl->getTemplatedDecl();
  std::string k = "::kfix_rt::key(" + cString(ci.baseName);
  for (unsigned i = 0; i < tpl->size(); ++i) {
    const clang::NamedDecl *param = tpl->getParam(i);
    if (param->isTemplateParameterPack()) {
      why = "a template parameter pack";
      return std::nullopt;
    }
    bool isType = isa<clang::TemplateTypeParmDecl>(param);
    if (!isType && !isa<clang::NonTypeTemplateParmDecl>(param)) {
      why = "a template template parameter";
      return std::nullopt;
    }
    std::optional<std::string> text;
    bool deducedFromArg = false;
    if (i < ci.explicitArgs.size()) {
      text = textOf(ci.explicitArgs[i].getSourceRange(), r);
    } else if (isType) {
      // Deduced from a kernel parameter of type T or T*.
      for (unsigned j = 0; j < pattern->getNumParams() && j < e->getNumArgs(); ++j) {
        clang::QualType t = pattern->getParamDecl(j)->getType().getNonReferenceType();
        if (t->isPointerType())
          t = t->getPointeeType();
        const auto *tt = t.getUnqualifiedType()->getAs<clang::TemplateTypeParmType>();
        if (tt && tt->getIndex() == i && tt->getDepth() == tpl->getDepth()) {
          text = textOf(e->getArg(j), r);
          deducedFromArg = true;
          break;
        }
      }
      if (!text) {
        const auto *ttp = cast<clang::TemplateTypeParmDecl>(param);
        if (ttp->hasDefaultArgument())
          text = textOf(ttp->getDefaultArgument().getSourceRange(),
                        Region{0, static_cast<unsigned>(buffer.size()), false});
      }
    } else {
      const auto *nttp = cast<clang::NonTypeTemplateParmDecl>(param);
      if (nttp->hasDefaultArgument())
        text = textOf(nttp->getDefaultArgument().getSourceRange(),
                      Region{0, static_cast<unsigned>(buffer.size()), false});
    }
    if (!text) {
      why = "template argument " + std::to_string(i + 1) +
            " is neither written nor deduced from a T or T* parameter";
      return std::nullopt;
    }
    if (deducedFromArg)
      k += ", ::kfix_rt::tname<std::remove_cv_t<std::remove_pointer_t<std::decay_t<"
           "decltype(" +
           *text + ")>>>>()";
    else if (isType)
      k += ", ::kfix_rt::tname<" + *text + ">()";
    else
      k += ", ::kfix_rt::vname(" + *text + ")";
  }
  return k + ")";
}

void HostRewriter::rewriteSite(Site &s, unsigned number, SiteInfo &info) {
  const Launch &first = s.launches.front();
  const clang::CUDAKernelCallExpr *e = first.call;
  // Prefer the written form: a dependent (pattern) launch if there is one.
  for (const Launch &l : s.launches)
    if (l.dependent) {
      e = l.call;
      break;
    }
  const clang::CallExpr *cfg = e->getConfig();
  clang::SourceLocation lll =
      cfg->getCallee() ? cfg->getCallee()->getBeginLoc() : cfg->getBeginLoc();
  std::optional<Region> r = regionOf(e->getSourceRange(), lll);
  info.number = number;
  info.file = where(s.anchor);
  {
    clang::PresumedLoc p = sm.getPresumedLoc(sm.getComposedLoc(mainID, s.anchor));
    info.file = p.isValid() ? p.getFilename() : "";
    info.line = p.isValid() ? p.getLine() : 0;
    info.col = p.isValid() ? p.getColumn() : 0;
  }
  CalleeInfo ci = calleeOf(e);
  info.callee = ci.baseName;
  std::set<std::string> names;
  bool dependent = false;
  for (const Launch &l : s.launches) {
    dependent |= l.dependent;
    if (!l.name.empty())
      names.insert(l.name);
  }
  info.instantiations.assign(names.begin(), names.end());
  if (!r) {
    problem(s.anchor, "a kernel launch kfix cannot map to its spelling is not rewritten");
    return;
  }
  auto whole = mapRange(e->getSourceRange(), *r);
  if (whole) {
    // The launch starts at its callee and ends at the argument list's `)`.
    auto rp = mapLoc(e->getRParenLoc(), *r, true);
    if (rp && *rp > whole->first)
      whole->second = std::max(whole->second, *rp);
    if (info.line) {
      clang::PresumedLoc p = sm.getPresumedLoc(sm.getComposedLoc(mainID, whole->first));
      if (p.isValid()) {
        info.line = p.getLine();
        info.col = p.getColumn();
      }
    }
  }
  if (!whole) {
    problem(s.anchor, "a kernel launch kfix cannot map to its spelling is not rewritten");
    return;
  }

  // The key.
  std::string key;
  bool isTemplate = ci.tmpl != nullptr;
  if (isTemplate && (dependent || names.size() > 1)) {
    std::string why;
    if (std::optional<std::string> k = runtimeKey(e, ci, *r, why)) {
      key = *k;
    } else if (!names.empty()) {
      problem(s.anchor, "the launch's kernel name cannot be built at run time (" + why +
                            "); using '" + *names.begin() + "'");
      key = cString(*names.begin());
      info.key = *names.begin();
    } else {
      problem(s.anchor, "the launch's kernel name cannot be built at run time (" + why + ")");
      key = cString(ci.baseName);
      info.key = ci.baseName;
    }
  } else {
    std::string name = names.empty() ? ci.baseName : *names.begin();
    if (names.size() > 1)
      problem(s.anchor, "this launch calls different kernels in different expansions; "
                        "using '" +
                            name + "'");
    key = cString(name);
    info.key = name;
  }

  // The launch configuration.
  auto configArg = [&](unsigned i, const char *dflt) -> std::optional<std::string> {
    if (i >= cfg->getNumArgs())
      return std::string(dflt);
    const clang::Expr *a = cfg->getArg(i);
    if (isa<clang::CXXDefaultArgExpr>(a->IgnoreImplicit()) || a->getSourceRange().isInvalid())
      return std::string(dflt);
    return textOf(a, *r);
  };
  std::optional<std::string> g = configArg(0, "1"), b = configArg(1, "1"), sh = configArg(2, "0"),
                             st = configArg(3, "nullptr");
  if (!g || !b || !sh || !st) {
    problem(s.anchor, "the launch configuration cannot be mapped to its spelling; the "
                      "launch is not rewritten");
    return;
  }
  std::string args;
  for (unsigned i = 0; i < e->getNumArgs(); ++i) {
    const clang::Expr *a = e->getArg(i);
    if (isa<clang::CXXDefaultArgExpr>(a)) {
      problem(s.anchor, "a kernel parameter's default argument is not passed to the "
                        "harness; the launch is not rewritten");
      return;
    }
    std::optional<std::string> t = textOf(a, *r);
    if (!t) {
      problem(s.anchor, "argument " + std::to_string(i + 1) +
                            " of the launch cannot be mapped to its spelling; the launch "
                            "is not rewritten");
      return;
    }
    args += (i ? ", " : "") + ("::kfix_rt::arg(" + *t + ")");
  }
  // The file's __constant__ variables that the launched kernels read,
  // declared before the launch (all of them declared before it when no
  // callee's body is known): the harness passes those the lifted kernel
  // takes as its trailing arguments.
  std::set<const clang::VarDecl *> reads;
  bool known = false;
  for (const Launch &l : s.launches)
    if (const clang::FunctionDecl *fd = l.call->getDirectCallee())
      if (const clang::FunctionDecl *def = fd->getDefinition(); def && def->hasBody()) {
        known = true;
        constantsReadBy(def, reads);
      }
  for (const ConstantSymbol &c : constantSymbols)
    if (c.offset < whole->first && (!known || reads.count(c.decl)))
      args += (args.empty() ? "" : ", ") +
              ("::kfix_rt::symbol(" + cString(c.name) + ", " + c.ref + ")");
  std::string text = "::kfix_rt::launch(" + std::to_string(number) + ", " + key +
                     ", ::kfix_rt::dim(" + *g + "), ::kfix_rt::dim(" + *b + "), (size_t)(" + *sh +
                     "), ::kfix_rt::stream_of(" + *st + "), {" + args + "})";
  if (!rewritten.insert(whole->first).second)
    return;
  edits.push_back({whole->first, whole->second, text, false});
}

void HostRewriter::finish() {
  // Sites in source order.
  unsigned n = 0;
  for (auto &[off, s] : sites) {
    SiteInfo info;
    rewriteSite(s, n, info);
    out.sites.push_back(info);
    ++n;
  }
  // Apply edits: bodies first; drop what lies inside a body or overlaps.
  std::sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
    if (a.body != b.body)
      return a.body;
    return a.begin < b.begin;
  });
  std::vector<std::pair<unsigned, unsigned>> taken;
  clang::Rewriter rw(const_cast<clang::SourceManager &>(sm), lo);
  for (const Edit &ed : edits) {
    bool overlaps = false;
    for (auto [b, e] : taken)
      if (ed.begin < e && b < ed.end) {
        overlaps = true;
        break;
      }
    if (overlaps) {
      if (!ed.body && ed.text.rfind("::kfix_rt::launch(", 0) == 0) {
        bool inBody = false;
        for (const Edit &o : edits)
          if (o.body && o.begin <= ed.begin && ed.end <= o.end)
            inBody = true;
        if (!inBody)
          problem(ed.begin, "overlapping rewrites; this launch is not rewritten");
      }
      continue;
    }
    taken.push_back({ed.begin, ed.end});
    clang::SourceLocation b = sm.getComposedLoc(mainID, ed.begin);
    rw.ReplaceText(b, ed.end - ed.begin, ed.text);
  }
  // A launch Clang could not build (an error in its arguments) has no AST:
  // name every `<<<` left outside the rewrites.
  clang::Lexer raw(sm.getLocForStartOfFile(mainID), lo, buffer.begin(), buffer.begin(),
                   buffer.end());
  raw.SetCommentRetentionState(false);
  clang::Token tok;
  for (bool last = false; !last;) {
    last = raw.LexFromRawLexer(tok);
    if (tok.is(clang::tok::eof))
      break;
    if (!tok.is(clang::tok::lesslessless))
      continue;
    unsigned off = sm.getFileOffset(tok.getLocation());
    bool covered = false;
    for (auto [b, e] : taken)
      covered |= b <= off && off < e;
    if (!covered)
      problem(off, "this kernel launch is not rewritten (Clang could not build it: see "
                   "the errors above)");
  }
  const llvm::RewriteBuffer *rb = rw.getRewriteBufferFor(mainID);
  out.rewritten = rb ? std::string(rb->begin(), rb->end()) : buffer.str();
}

} // namespace kfix::harness
