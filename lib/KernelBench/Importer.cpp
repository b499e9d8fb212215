//===- Importer.cpp - a KernelBench candidate as a kfix task ---------------===//
//
// Reads the problem (inputs, init arguments, Model's parameters) and the
// candidate (load_inline sources, ModelNew.__init__ and forward), follows
// forward's extension calls into the C++ wrappers (Wrapper.cpp), and hands the
// resulting TaskModel to the writer (TaskWriter.cpp).
//
//===----------------------------------------------------------------------===//
#include "ImporterImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;

using namespace kfix::kb::detail;

bool Importer::addExtension(const py::Expr &call, const std::string &handle) {
  const py::Expr *cuda = py::keyword(call, "cuda_sources");
  if (!cuda && call.args.size() > 3)
    cuda = call.args[3].get();
  if (!cuda) {
    d.error(cand.where(call.loc), "load_inline without cuda_sources");
    return false;
  }
  ExtUnit x;
  x.handle = handle;
  x.loc = call.loc.offset;
  x.call = &call;
  x.unit.src.mod = &cand;
  x.unit.src.fallback = cuda->loc.offset;
  if (!composeSource(*cuda, x.unit.src, 0, nullptr))
    return false;
  std::string err;
  size_t errAt = 0;
  x.unit.toks = cpp::lex(x.unit.src.text, err, errAt);
  if (!err.empty()) {
    d.error(x.unit.src.where(errAt), err);
    return false;
  }
  x.unit.fns = cpp::findFunctions(x.unit.toks);
  x.unit.collectMacros();
  if (const py::Expr *fns = py::keyword(call, "functions")) {
    std::vector<const py::Expr *> names;
    if (fns->kind == py::Expr::Str)
      names.push_back(fns);
    else
      for (const py::ExprP &n : fns->args)
        names.push_back(n.get());
    for (const py::Expr *n : names)
      if (n->kind == py::Expr::Str)
        x.pyToCpp[n->str()] = n->str();
  }
  // PYBIND11_MODULE: m.def("name", &cpp_name, ...), in cuda_sources or cpp_sources.
  auto readDefs = [&](const std::vector<cpp::Tok> &t) {
    for (size_t i = 0; i + 5 < t.size(); ++i)
      if (t[i].text == "." && t[i + 1].text == "def" && t[i + 2].text == "(" &&
          t[i + 3].kind == cpp::Tok::String && t[i + 4].text == ",") {
        size_t k = i + 5;
        if (t[k].text == "&")
          ++k;
        if (t[k].kind == cpp::Tok::Ident)
          x.pyToCpp[StringRef(t[i + 3].text).trim('"').str()] = t[k].text;
        // py::arg("name") [= default], ...: keyword names and defaults.
        size_t close = cpp::matchBracket(t, i + 2);
        std::vector<ExtUnit::PyArg> pyArgs;
        for (size_t q = k; close != StringRef::npos && q + 3 < close; ++q) {
          if (t[q].text != "arg" || t[q + 1].text != "(" || t[q + 2].kind != cpp::Tok::String ||
              t[q + 3].text != ")")
            continue;
          ExtUnit::PyArg a;
          a.name = StringRef(t[q + 2].text).trim('"').str();
          size_t r = q + 4;
          if (r < close && t[r].text == "=") {
            int depth = 0;
            for (++r; r < close; ++r) {
              if (t[r].text == "(" || t[r].text == "{")
                ++depth;
              else if (t[r].text == ")" || t[r].text == "}")
                --depth;
              else if (t[r].text == "," && depth == 0)
                break;
              a.dflt += t[r].text;
            }
            a.hasDefault = true;
          }
          pyArgs.push_back(a);
          q = r - 1;
        }
        if (!pyArgs.empty())
          x.pyArgs[StringRef(t[i + 3].text).trim('"').str()] = std::move(pyArgs);
      }
  };
  readDefs(x.unit.toks);
  readTorchLibrary(x.unit.toks, x);
  const py::Expr *cppSrc = py::keyword(call, "cpp_sources");
  if (!cppSrc && call.args.size() > 2)
    cppSrc = call.args[2].get();
  if (cppSrc) { // read when it can be; its text is not part of the task
    size_t nerr = d.errors.size();
    SourceText cpp;
    cpp.mod = &cand;
    cpp.fallback = cppSrc->loc.offset;
    std::string cerr;
    size_t cerrAt = 0;
    if (composeSource(*cppSrc, cpp, 0, nullptr)) {
      std::vector<cpp::Tok> ct = cpp::lex(cpp.text, cerr, cerrAt);
      if (cerr.empty()) {
        readDefs(ct);
        readTorchLibrary(ct, x);
        auto cu = std::make_shared<CudaUnit>();
        cu->src = std::move(cpp);
        cu->toks = std::move(ct);
        cu->fns = cpp::findFunctions(cu->toks);
        cu->collectMacros();
        x.cppUnit = std::move(cu);
      }
    }
    d.errors.resize(nerr);
  }
  exts.push_back(std::move(x));
  return true;
}

bool Importer::readExtensions() {
  for (const py::Stmt &s : cand.body) {
    if (s.kind == py::Stmt::Import) {
      StringRef line = StringRef(cand.text).substr(s.loc.offset).split('\n').first;
      if (line.contains("cpp_extension") && line.contains(" load") &&
          !line.contains("load_inline")) {
        d.error(cand.where(s.loc), "torch.utils.cpp_extension.load (sources in files) is not "
                                   "supported; the importer reads load_inline sources");
        return false;
      }
    }
    if (s.kind == py::Stmt::Try) {
      d.finding("try-fallback", cand.where(s.loc),
                "module-level try/except (a fallback when the extension does not build)");
      for (const py::Stmt &in : s.body)
        if (in.kind == py::Stmt::Assign && in.value && in.value->kind == py::Expr::Call &&
            StringRef(py::dottedName(*in.value->args[0])).ends_with("load_inline") &&
            in.targets[0]->kind == py::Expr::Name)
          if (!addExtension(*in.value, in.targets[0]->text))
            return false;
      continue;
    }
    if (s.kind == py::Stmt::Assign && s.value && s.value->kind == py::Expr::Call &&
        StringRef(py::dottedName(*s.value->args[0])).ends_with("load_inline") &&
        s.targets.size() == 1 && s.targets[0]->kind == py::Expr::Name)
      if (!addExtension(*s.value, s.targets[0]->text))
        return false;
  }
  srcLocals = newInit.localValues;
  for (size_t i = 0; i < newInit.loadInlineCalls.size(); ++i)
    if (!addExtension(*newInit.loadInlineCalls[i], newInit.loadInlineTargets[i]))
      return false;
  srcLocals.clear();
  if (!readNestedExtensions())
    return false;
  if (exts.empty()) {
    d.error(cand.where(0), "the candidate has no load_inline(...) call");
    return false;
  }
  return true;
}

bool Importer::runForward(std::vector<PV> &outputs) {
  const py::Stmt *cls = py::findClass(cand.body, "ModelNew");
  const py::Stmt *fwd = cls ? py::findDef(cls->body, "forward") : nullptr;
  if (!fwd) {
    d.error(cand.where(cls ? cls->loc.offset : 0),
            cls ? "ModelNew has no forward()" : "the candidate defines no class ModelNew");
    return false;
  }
  llvm::StringMap<PV> env;
  size_t nargs = fwd->params.size() > 0 ? fwd->params.size() - 1 : 0;
  if (nargs != inputs.size()) {
    d.error(cand.where(fwd->loc), "ModelNew.forward takes " + std::to_string(nargs) +
                                      " inputs, get_inputs() makes " +
                                      std::to_string(inputs.size()));
    return false;
  }
  for (size_t i = 0; i < nargs; ++i) {
    const InputItem &in = inputs[i];
    PV v;
    v.loc = fwd->loc.offset;
    if (in.tensor) {
      Buf b;
      b.origin = Buf::Input;
      b.name = task.uniqueName(fwd->params[i + 1]);
      b.shape = in.shape;
      b.dtype = in.dtype;
      b.dtypeKnown = true;
      b.dist = in.dist;
      b.a = in.a;
      b.b = in.b;
      b.rangeSyms = in.rangeSyms;
      b.transforms = in.transforms;
      b.where = prob.where(in.loc);
      task.bufs.push_back(b);
      v.kind = PV::Tensor;
      v.buf = int(task.bufs.size()) - 1;
    } else {
      v.kind = PV::Num;
      v.s = in.scalar;
    }
    env[fwd->params[i + 1]] = v;
  }
  bool returned = false;
  if (!execBlock(fwd->body, env, outputs, returned))
    return false;
  if (!returned) {
    d.error(cand.where(fwd->loc), "ModelNew.forward has no return statement");
    return false;
  }
  if (task.launches.empty()) {
    d.error(cand.where(fwd->loc), "ModelNew.forward launches no kernel");
    return false;
  }
  return true;
}

bool Importer::run(ImportResult &res) {
  if (!readInputs(pscope, d, inputs) || !readInitInputs(pscope, d, initArgs, initExprs))
    return false;
  const py::Stmt *model = py::findClass(prob.body, "Model");
  if (!model) {
    d.error(prob.where(0), "the problem defines no class Model");
    return false;
  }
  if (!readInit(pscope, *model, initArgs, initExprs, d, modelInit))
    return false;
  const py::Stmt *newCls = py::findClass(cand.body, "ModelNew");
  if (!newCls) {
    d.error(cand.where(0), "the candidate defines no class ModelNew");
    return false;
  }
  // ModelNew's sizes come from the problem's init arguments: its own module constants
  // are looked up in the problem when the candidate does not define them.
  for (auto &kv : pscope.consts)
    if (!cscope.consts.count(kv.getKey()))
      cscope.consts[kv.getKey()] = kv.getValue();
  if (!readInit(cscope, *newCls, initArgs, initExprs, d, newInit))
    return false;
  for (auto &kv : cscope.symbolValues)
    pscope.symbolValues[kv.getKey()] = kv.getValue();
  if (!readExtensions())
    return false;
  // try/except around load_inline inside __init__.
  if (const py::Stmt *init = py::findDef(newCls->body, "__init__"))
    for (const py::Stmt &s : init->body)
      if (s.kind == py::Stmt::Try)
        d.finding("try-fallback", cand.where(s.loc),
                  "try/except in ModelNew.__init__ (a fallback when the extension fails)");
  for (auto &kv : pscope.symbolValues)
    cscope.symbolValues.try_emplace(kv.getKey(), kv.getValue());
  std::vector<PV> outputs;
  if (!runForward(outputs))
    return false;
  for (auto &kv : cscope.symbolValues)
    pscope.symbolValues[kv.getKey()] = kv.getValue();
  res.task = &task;
  for (const PV &o : outputs)
    res.outputs.push_back(o.buf);
  res.symbolValues = pscope.symbolValues;
  res.inputs = inputs;
  res.modelParams = modelInit.params;
  res.newParams = newInit.params;
  for (int e : usedExts)
    res.units.push_back(&exts[e].unit);
  return true;
}

namespace {
llvm::Expected<py::Module> readPy(StringRef path) {
  auto mb = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!mb)
    return llvm::createStringError(mb.getError(), "%s: cannot read: %s", path.str().c_str(),
                                   mb.getError().message().c_str());
  return py::parseModule(path, (*mb)->getBuffer().str());
}
} // namespace

KernelBenchImport kfix::importKernelBench(const KernelBenchImportOptions &opts) {
  KernelBenchImport out;
  Diags d;
  auto prob = readPy(opts.problem);
  auto cand = prob ? readPy(opts.candidate) : llvm::Expected<py::Module>(py::Module());
  if (!prob || !cand) {
    out.errors.push_back(llvm::toString(prob ? cand.takeError() : prob.takeError()));
    writeImportReport(opts, out, nullptr);
    return out;
  }
  Importer imp(opts, *prob, *cand, d);
  ImportResult res;
  bool ok = imp.run(res);
  out.findings = d.findings;
  out.errors = d.errors;
  if (ok && !d.findings.empty() && !opts.allowTorchOps) {
    out.errors.push_back(opts.candidate + ": error: integrity findings (" +
                         std::to_string(d.findings.size()) +
                         "): the candidate falls back to torch; pass --allow-torch-ops to "
                         "import what its kernels do anyway");
    ok = false;
  }
  if (ok)
    ok = writeTask(opts, *prob, *cand, res, out);
  out.ok = ok && out.errors.empty();
  writeImportReport(opts, out, ok ? &res : nullptr);
  return out;
}
