//===- ExecServer.cpp - `kfix exec-server` --------------------------------===//
//
// One JSON request per line, one JSON response per line:
//   {"op":"load","id":"m0","mlir":"/path/kernels.mlir"}   (or "mlir_text")
//   {"op":"launch","id":"m0","kernel":"scale<float>","grid":[x,y,z],
//    "block":[x,y,z],"shmem":0,"args":[ARG...],"timeout_s":20}
//   {"op":"quit"}
// A buffer argument is a region of a file (/dev/shm): the bytes from the kernel
// argument's pointer to the end of its allocation; it is read into a Buffer of
// the parameter's element type and the bytes the launch changed are written
// back. On the cuda target it may instead be the caller's GPU memory, named by
// a CUDA IPC handle ({"ipc":HEX,"offset":N,"bytes":N}): the kernel then reads
// and writes it in place. Compiled kernels are cached per module id and kernel. Compiled with
// -fexceptions (nlohmann_json); no exception leaves handle().
//
//===----------------------------------------------------------------------===//
#include "kfix/Harness/ExecServer.h"
#include "kfix/LiftedIR/LiftedIR.h"
#include "kfix/Runtime/Executor.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <unistd.h>

using namespace kfix;
using namespace kfix::harness;
using json = nlohmann::ordered_json;

namespace {

struct ParamDesc {
  std::string name, ctype;
  std::string kind; // buffer | accessor | int | float
  DType dtype = DType::f32;
  int64_t rank = 0;
  bool constant = false; // a trailing `__constant__` argument (kfix.constants)
};

std::optional<DType> dtypeOf(mlir::Type t, llvm::StringRef ctype) {
  bool isUnsigned =
      ctype.contains("unsigned") || ctype.contains("uint") || ctype.contains("size_t");
  if (t.isF64())
    return DType::f64;
  if (t.isF32())
    return DType::f32;
  if (t.isF16())
    return DType::f16;
  if (t.isBF16())
    return DType::bf16;
  if (t.isInteger(1))
    return DType::boolean;
  if (t.isIndex())
    return DType::i64;
  if (auto it = llvm::dyn_cast<mlir::IntegerType>(t)) {
    switch (it.getWidth()) {
    case 64:
      return isUnsigned ? DType::u64 : DType::i64;
    case 32:
      return isUnsigned ? DType::u32 : DType::i32;
    case 16:
      return isUnsigned ? DType::u16 : DType::i16;
    case 8:
      return isUnsigned ? DType::u8 : DType::i8;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::vector<ParamDesc> describeParams(mlir::gpu::GPUFuncOp fn) {
  std::vector<ParamDesc> out;
  auto names = fn->getAttrOfType<mlir::ArrayAttr>("kfix.arg_names");
  auto ctypes = fn->getAttrOfType<mlir::ArrayAttr>("kfix.arg_ctypes");
  llvm::ArrayRef<mlir::Type> inputs = fn.getFunctionType().getInputs();
  for (size_t i = 0; i < inputs.size(); ++i) {
    ParamDesc p;
    if (names && i < names.size())
      if (auto s = llvm::dyn_cast<mlir::StringAttr>(names[i]))
        p.name = s.getValue().str();
    if (ctypes && i < ctypes.size())
      if (auto s = llvm::dyn_cast<mlir::StringAttr>(ctypes[i]))
        p.ctype = s.getValue().str();
    mlir::Type t = inputs[i];
    if (auto mt = llvm::dyn_cast<mlir::MemRefType>(t)) {
      p.rank = mt.getRank();
      p.kind = p.rank == 1 ? "buffer" : "accessor";
      // The pointee's signedness: `unsigned int *` -> u32.
      llvm::StringRef pointee = p.ctype;
      p.dtype = dtypeOf(mt.getElementType(), pointee).value_or(DType::u8);
    } else if (llvm::isa<mlir::FloatType>(t)) {
      p.kind = "float";
      p.dtype = dtypeOf(t, p.ctype).value_or(DType::f32);
    } else {
      p.kind = "int";
      p.dtype = dtypeOf(t, p.ctype).value_or(DType::i64);
    }
    out.push_back(p);
  }
  if (auto consts = fn->getAttrOfType<mlir::ArrayAttr>("kfix.constants"))
    for (mlir::Attribute a : consts)
      if (auto d = llvm::dyn_cast<mlir::DictionaryAttr>(a))
        if (auto arg = d.getAs<mlir::IntegerAttr>("arg"))
          if (arg.getInt() >= 0 && static_cast<size_t>(arg.getInt()) < out.size())
            out[arg.getInt()].constant = true;
  return out;
}

json paramsJson(const std::vector<ParamDesc> &ps) {
  json a = json::array();
  for (const ParamDesc &p : ps)
    a.push_back({{"name", p.name},
                 {"ctype", p.ctype},
                 {"kind", p.kind},
                 {"dtype", dtypeName(p.dtype).str()},
                 {"rank", p.rank}});
  for (size_t i = 0; i < ps.size(); ++i)
    if (ps[i].constant)
      a[i]["constant"] = true;
  return a;
}

std::string stripSpaces(llvm::StringRef s) {
  std::string out;
  for (char c : s)
    if (!isspace(static_cast<unsigned char>(c)))
      out += c;
  return out;
}

std::string locString(mlir::Location loc) {
  if (auto fl = llvm::dyn_cast<mlir::FileLineColLoc>(loc))
    return (fl.getFilename().getValue() + ":" + llvm::Twine(fl.getLine()) + ":" +
            llvm::Twine(fl.getColumn()))
        .str();
  if (auto nl = llvm::dyn_cast<mlir::NameLoc>(loc))
    return locString(nl.getChildLoc());
  if (auto fl = llvm::dyn_cast<mlir::FusedLoc>(loc))
    for (mlir::Location l : fl.getLocations()) {
      std::string s = locString(l);
      if (!s.empty())
        return s;
    }
  if (auto cl = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
    return locString(cl.getCallee());
  return "";
}

struct Region {
  std::string path;
  int64_t offset = 0, bytes = 0;
};

/// A buffer argument as read: where it came from and its original bytes.
struct BoundBuffer {
  Region region;
  bool isNull = false;
  bool strided = false;
  std::vector<int64_t> sizes, strides; // elements
  std::vector<uint8_t> original;       // the region's bytes as read
  Buffer buf;
};

bool readRegion(const Region &r, std::vector<uint8_t> &out, std::string &err) {
  int fd = ::open(r.path.c_str(), O_RDONLY);
  if (fd < 0) {
    err = r.path + ": " + std::strerror(errno);
    return false;
  }
  out.assign(static_cast<size_t>(r.bytes), 0);
  int64_t done = 0;
  while (done < r.bytes) {
    ssize_t n = ::pread(fd, out.data() + done, r.bytes - done, r.offset + done);
    if (n < 0) {
      err = r.path + ": " + std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (n == 0) {
      err = r.path + ": the file ends at byte " + std::to_string(r.offset + done) +
            ", before the region's end (offset " + std::to_string(r.offset) + " + " +
            std::to_string(r.bytes) + " bytes)";
      ::close(fd);
      return false;
    }
    done += n;
  }
  ::close(fd);
  return true;
}

/// Writes the bytes of `now` that differ from `before` (runs of them).
bool writeChanged(const Region &r, const std::vector<uint8_t> &before,
                  const std::vector<uint8_t> &now, std::string &err) {
  int fd = -1;
  size_t n = std::min(before.size(), now.size());
  size_t i = 0;
  while (i < n) {
    if (before[i] == now[i]) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < n && before[j] != now[j])
      ++j;
    if (fd < 0) {
      fd = ::open(r.path.c_str(), O_WRONLY);
      if (fd < 0) {
        err = r.path + ": " + std::strerror(errno);
        return false;
      }
    }
    size_t done = 0;
    while (done < j - i) {
      ssize_t w = ::pwrite(fd, now.data() + i + done, j - i - done, r.offset + i + done);
      if (w <= 0) {
        err = r.path + ": " + std::strerror(errno);
        ::close(fd);
        return false;
      }
      done += w;
    }
    i = j;
  }
  if (fd >= 0)
    ::close(fd);
  return true;
}

struct Module {
  mlir::OwningOpRef<mlir::ModuleOp> op;
  std::map<std::string, std::unique_ptr<CompiledKernel>> compiled; // by symbol
};

} // namespace

std::string kfix::harness::describeParamsJson(mlir::gpu::GPUFuncOp fn) {
  return paramsJson(describeParams(fn)).dump();
}

struct ExecServer::Impl {
  mlir::MLIRContext &ctx;
  std::unique_ptr<Executor> exec;
  std::map<std::string, Module> modules;

  Impl(mlir::MLIRContext &ctx, std::unique_ptr<Executor> e) : ctx(ctx), exec(std::move(e)) {}

  static json error(const std::string &msg) { return {{"ok", false}, {"error", msg}}; }

  json load(const json &req) {
    if (!req.contains("id") || !req["id"].is_string())
      return error("load: \"id\" (a string) is required");
    std::string id = req["id"].get<std::string>();
    bool hasPath = req.contains("mlir"), hasText = req.contains("mlir_text");
    if (hasPath == hasText)
      return error("load: give one of \"mlir\" (a path) or \"mlir_text\"");
    std::string diag;
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
      if (d.getSeverity() != mlir::DiagnosticSeverity::Error)
        return mlir::success();
      std::string where = locString(d.getLocation());
      if (!diag.empty())
        diag += "\n";
      diag += (where.empty() ? "" : where + ": ") + "error: " + d.str();
      return mlir::success();
    });
    mlir::OwningOpRef<mlir::ModuleOp> m;
    std::string name;
    if (hasPath) {
      if (!req["mlir"].is_string())
        return error("load: \"mlir\" must be a path string");
      name = req["mlir"].get<std::string>();
      auto buf = llvm::MemoryBuffer::getFile(name);
      if (!buf)
        return error(name + ": error: " + buf.getError().message());
      llvm::SourceMgr sm;
      sm.AddNewSourceBuffer(std::move(*buf), llvm::SMLoc());
      m = mlir::parseSourceFile<mlir::ModuleOp>(sm, &ctx);
    } else {
      if (!req["mlir_text"].is_string())
        return error("load: \"mlir_text\" must be a string");
      name = "<mlir_text>";
      m = mlir::parseSourceString<mlir::ModuleOp>(req["mlir_text"].get<std::string>(), &ctx, name);
    }
    if (!m)
      return error(diag.empty() ? name + ": error: cannot parse the module" : diag);
    json kernels = json::array();
    m->walk([&](mlir::gpu::GPUFuncOp f) {
      if (!f.isKernel())
        return;
      kernels.push_back({{"name", kfix::kernelName(f).str()},
                         {"symbol", f.getName().str()},
                         {"params", paramsJson(describeParams(f))}});
    });
    if (kernels.empty())
      return error(name + ": error: the module has no gpu.func kernel");
    Module &slot = modules[id];
    slot.compiled.clear(); // before the module they were compiled from
    slot.op = std::move(m);
    return {{"ok", true}, {"id", id}, {"kernels", kernels}};
  }

  mlir::gpu::GPUFuncOp findKernel(mlir::ModuleOp m, const std::string &want) {
    mlir::gpu::GPUFuncOp found;
    std::string w = stripSpaces(want);
    m->walk([&](mlir::gpu::GPUFuncOp f) {
      if (found || !f.isKernel())
        return;
      auto n = f->getAttrOfType<mlir::StringAttr>("kfix.name");
      if ((n && stripSpaces(n.getValue()) == w) || f.getName() == want)
        found = f;
    });
    return found;
  }

  static bool dims(const json &req, const char *key, std::array<int64_t, 3> &out,
                   std::string &err) {
    out = {1, 1, 1};
    if (!req.contains(key))
      return true;
    const json &v = req[key];
    if (v.is_number_integer()) {
      out[0] = v.get<int64_t>();
      if (out[0] < 1) {
        err = std::string("launch: \"") + key + "\" must be positive";
        return false;
      }
      return true;
    }
    if (!v.is_array() || v.empty() || v.size() > 3) {
      err = std::string("launch: \"") + key + "\" must be [x, y, z] (1 to 3 integers)";
      return false;
    }
    for (size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_number_integer()) {
        err = std::string("launch: \"") + key + "\"[" + std::to_string(i) + "] must be an integer";
        return false;
      }
      out[i] = v[i].get<int64_t>();
      if (out[i] < 1) {
        err = std::string("launch: \"") + key + "\"[" + std::to_string(i) + "] must be positive";
        return false;
      }
    }
    return true;
  }

  /// A buffer argument in the caller's GPU memory: {"ipc": the allocation's
  /// cudaIpcMemHandle_t as 128 hex digits, "offset": bytes from the allocation's
  /// start to the pointer, "bytes": from the pointer to the allocation's end,
  /// and for an accessor "sizes" with dense row-major "strides"}. The kernel
  /// runs on that memory in place (the cuda executor opens the handle).
  static std::string bindShared(const json &a, const ParamDesc &p, size_t es,
                                std::vector<std::unique_ptr<SharedDeviceMemory>> &out) {
    auto m = std::make_unique<SharedDeviceMemory>();
    if (!a["ipc"].is_string() || a["ipc"].get<std::string>().size() != 128)
      return "\"ipc\" must be a handle of 64 bytes as 128 hex digits";
    std::string hex = a["ipc"].get<std::string>();
    for (size_t k = 0; k < 64; ++k) {
      unsigned v = 0;
      for (char c : {hex[2 * k], hex[2 * k + 1]}) {
        int d = isdigit(static_cast<unsigned char>(c)) ? c - '0'
                : (c >= 'a' && c <= 'f')               ? c - 'a' + 10
                : (c >= 'A' && c <= 'F')               ? c - 'A' + 10
                                                       : -1;
        if (d < 0)
          return "\"ipc\" must be hex digits";
        v = v * 16 + d;
      }
      m->ipcHandle[k] = static_cast<uint8_t>(v);
    }
    for (const char *key : {"offset", "bytes"})
      if (!a.contains(key) || !a[key].is_number_integer() || a[key].get<int64_t>() < 0)
        return std::string("\"") + key + "\" (a non-negative integer) is required";
    m->offset = a["offset"].get<uint64_t>();
    int64_t numel = a["bytes"].get<int64_t>() / static_cast<int64_t>(es);
    m->bytes = static_cast<uint64_t>(numel) * es;
    m->dtype = p.dtype;
    m->shape = {numel};
    if (p.rank > 1) {
      if (!a.contains("sizes") || !a["sizes"].is_array() ||
          a["sizes"].size() != static_cast<size_t>(p.rank))
        return "a " + std::to_string(p.rank) + "-D accessor; give \"sizes\" (" +
               std::to_string(p.rank) + " integers)";
      m->shape.assign(p.rank, 0);
      int64_t dense = 1;
      for (int64_t d = p.rank - 1; d >= 0; --d) {
        const json &sz = a["sizes"][d];
        if (!sz.is_number_integer() || sz.get<int64_t>() < 0)
          return "\"sizes\" must be non-negative integers";
        m->shape[d] = sz.get<int64_t>();
        if (a.contains("strides")) {
          const json &st = a["strides"];
          if (!st.is_array() || st.size() != a["sizes"].size() || !st[d].is_number_integer() ||
              (m->shape[d] > 1 && st[d].get<int64_t>() != dense))
            return "shared GPU memory needs dense row-major \"strides\" (stage a strided "
                   "accessor through a file)";
        }
        dense *= m->shape[d];
      }
      if (dense > numel)
        return "\"sizes\" hold " + std::to_string(dense) + " elements, the memory " +
               std::to_string(numel);
      m->bytes = static_cast<uint64_t>(dense) * es;
    }
    out.push_back(std::move(m));
    return "";
  }

  json launch(const json &req) {
    if (!req.contains("id") || !req["id"].is_string())
      return error("launch: \"id\" (a string) is required");
    std::string id = req["id"].get<std::string>();
    auto mit = modules.find(id);
    if (mit == modules.end())
      return error("launch: no module loaded with id '" + id + "'");
    Module &mod = mit->second;
    if (!req.contains("kernel") || !req["kernel"].is_string())
      return error("launch: \"kernel\" (a string) is required");
    std::string kname = req["kernel"].get<std::string>();
    mlir::gpu::GPUFuncOp fn = findKernel(*mod.op, kname);
    if (!fn) {
      std::string known;
      mod.op->walk([&](mlir::gpu::GPUFuncOp f) {
        known += (known.empty() ? "" : ", ") + kfix::kernelName(f).str();
      });
      return error("launch: module '" + id + "' has no kernel '" + kname + "' (it has: " + known +
                   ")");
    }
    std::vector<ParamDesc> params = describeParams(fn);
    LaunchConfig cfg;
    std::string err;
    if (!dims(req, "grid", cfg.grid, err) || !dims(req, "block", cfg.block, err))
      return error(err);
    if (req.contains("shmem")) {
      if (!req["shmem"].is_number_integer() || req["shmem"].get<int64_t>() < 0)
        return error("launch: \"shmem\" must be a non-negative integer");
      cfg.sharedBytes = req["shmem"].get<int64_t>();
    }
    ExecOptions opts;
    if (req.contains("timeout_s")) {
      if (!req["timeout_s"].is_number() || req["timeout_s"].get<double>() <= 0)
        return error("launch: \"timeout_s\" must be a positive number");
      opts.timeoutSeconds = req["timeout_s"].get<double>();
    }
    if (!req.contains("args") || !req["args"].is_array())
      return error("launch: \"args\" (an array) is required");
    const json &jargs = req["args"];
    if (jargs.size() != params.size())
      return error("launch: kernel '" + kname + "' takes " + std::to_string(params.size()) +
                   " arguments, " + std::to_string(jargs.size()) + " given");

    // Bind the arguments.
    std::vector<std::unique_ptr<BoundBuffer>> bound;
    std::vector<std::unique_ptr<SharedDeviceMemory>> shared;
    std::vector<KernelArg> args;
    std::map<std::string, BoundBuffer *> same; // identical plain regions share a buffer
    for (size_t i = 0; i < params.size(); ++i) {
      const ParamDesc &p = params[i];
      const json &a = jargs[i];
      std::string what =
          "launch: argument " + std::to_string(i) + " ('" + p.name + "', " + p.ctype + ")";
      if (!a.is_object())
        return error(what + " must be an object");
      bool isPtr = p.kind == "buffer" || p.kind == "accessor";
      if (a.contains("int") || a.contains("float")) {
        if (isPtr)
          return error(what + " is a pointer; give {\"buf\":...} or {\"null\":true}");
        if (a.contains("int")) {
          if (a["int"].is_boolean())
            args.push_back(KernelArg::ofInt(a["int"].get<bool>()));
          else if (a["int"].is_number_integer())
            args.push_back(KernelArg::ofInt(a["int"].is_number_unsigned()
                                                ? static_cast<int64_t>(a["int"].get<uint64_t>())
                                                : a["int"].get<int64_t>()));
          else
            return error(what + ": \"int\" must be an integer");
        } else {
          if (!a["float"].is_number())
            return error(what + ": \"float\" must be a number");
          double f = a["float"].get<double>();
          // As C converts: a float into an integer parameter truncates.
          args.push_back(p.kind == "int" ? KernelArg::ofInt(static_cast<int64_t>(f))
                                         : KernelArg::ofFloat(f));
        }
        continue;
      }
      if (!isPtr)
        return error(what + " is a scalar; give {\"int\":N} or {\"float\":X}");
      auto bb = std::make_unique<BoundBuffer>();
      bb->buf.dtype = p.dtype;
      size_t es = dtypeSize(p.dtype);
      if (a.contains("null")) {
        bb->isNull = true;
        bb->buf.shape.assign(p.rank, 0);
        args.push_back(KernelArg::ofBuffer(bb->buf));
        bound.push_back(std::move(bb));
        continue;
      }
      if (a.contains("ipc")) {
        std::string e = bindShared(a, p, es, shared);
        if (!e.empty())
          return error(what + ": " + e);
        args.push_back(KernelArg::ofSharedDevice(*shared.back()));
        continue;
      }
      if (!a.contains("buf") || !a["buf"].is_string())
        return error(what + ": \"buf\" (a file path) or \"ipc\" (a handle) is required");
      bb->region.path = a["buf"].get<std::string>();
      if (a.contains("offset")) {
        if (!a["offset"].is_number_integer() || a["offset"].get<int64_t>() < 0)
          return error(what + ": \"offset\" must be a non-negative integer");
        bb->region.offset = a["offset"].get<int64_t>();
      }
      if (!a.contains("bytes") || !a["bytes"].is_number_integer() || a["bytes"].get<int64_t>() < 0)
        return error(what + ": \"bytes\" (a non-negative integer) is required");
      bb->region.bytes = a["bytes"].get<int64_t>();
      bool hasSizes = a.contains("sizes");
      if (p.rank > 1 && !hasSizes)
        return error(what + " is a " + std::to_string(p.rank) +
                     "-D accessor; give \"sizes\" and \"strides\"");
      if (hasSizes) {
        if (!a["sizes"].is_array() || a["sizes"].size() != static_cast<size_t>(p.rank))
          return error(what + ": \"sizes\" must hold " + std::to_string(p.rank) + " integers");
        const json &st = a.contains("strides") ? a["strides"] : json();
        if (!st.is_null() && (!st.is_array() || st.size() != a["sizes"].size()))
          return error(what + ": \"strides\" must hold as many integers as \"sizes\"");
        int64_t dense = 1;
        bb->sizes.assign(p.rank, 0);
        bb->strides.assign(p.rank, 0);
        for (int64_t d = p.rank - 1; d >= 0; --d) {
          if (!a["sizes"][d].is_number_integer() || a["sizes"][d].get<int64_t>() < 0)
            return error(what + ": \"sizes\" must be non-negative integers");
          bb->sizes[d] = a["sizes"][d].get<int64_t>();
          if (!st.is_null()) {
            if (!st[d].is_number_integer())
              return error(what + ": \"strides\" must be integers");
            bb->strides[d] = st[d].get<int64_t>();
          } else {
            bb->strides[d] = dense;
          }
          dense *= bb->sizes[d];
        }
        bb->strided = true;
      }
      if (!readRegion(bb->region, bb->original, err))
        return error(what + ": " + err);
      int64_t numel = bb->region.bytes / static_cast<int64_t>(es);
      if (!bb->strided) {
        std::string key = bb->region.path + "\n" + std::to_string(bb->region.offset) + "\n" +
                          std::to_string(bb->region.bytes) + "\n" + dtypeName(p.dtype).str();
        if (BoundBuffer *prev = same[key]) {
          args.push_back(KernelArg::ofBuffer(prev->buf));
          continue;
        }
        bb->buf.shape = {numel};
        bb->buf.data.assign(bb->original.begin(), bb->original.begin() + numel * es);
        same[key] = bb.get();
      } else {
        int64_t total = 1;
        for (int64_t s : bb->sizes)
          total *= s;
        bb->buf.shape = bb->sizes;
        bb->buf.data.assign(static_cast<size_t>(total) * es, 0);
        std::vector<int64_t> idx(p.rank, 0);
        for (int64_t k = 0; k < total; ++k) {
          int64_t off = 0;
          for (int64_t d = 0; d < p.rank; ++d)
            off += idx[d] * bb->strides[d];
          if (off < 0 || off >= numel)
            return error(what + ": element " + std::to_string(off) +
                         " (sizes and strides) lies outside the region of " +
                         std::to_string(numel) + " elements");
          std::memcpy(bb->buf.data.data() + k * es, bb->original.data() + off * es, es);
          for (int64_t d = p.rank - 1; d >= 0; --d) {
            if (++idx[d] < bb->sizes[d])
              break;
            idx[d] = 0;
          }
        }
      }
      args.push_back(KernelArg::ofBuffer(bb->buf));
      bound.push_back(std::move(bb));
    }

    // Compile (cached) and launch.
    bool cached = true;
    auto cit = mod.compiled.find(fn.getName().str());
    if (cit == mod.compiled.end()) {
      cached = false;
      std::string cerr;
      std::unique_ptr<CompiledKernel> ck = exec->compile(*mod.op, fn.getName(), cerr);
      if (!ck)
        return error("launch: cannot compile '" + kname + "' for the " + exec->name().str() +
                     " executor: " + cerr);
      cit = mod.compiled.emplace(fn.getName().str(), std::move(ck)).first;
    }
    auto t0 = std::chrono::steady_clock::now();
    ExecResult r = cit->second->launch(cfg, args, opts);
    double wall =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

    // Write back what changed, also after a fault.
    json faults = json::array();
    for (const ExecFault &f : r.faults)
      faults.push_back({{"kind", f.kind}, {"message", f.message}});
    for (const auto &bb : bound) {
      if (bb->isNull)
        continue;
      std::string werr;
      if (!bb->strided) {
        // The buffer is the region's first bytes: compared with them in place
        // (no third copy of what can be gigabytes).
        if (!writeChanged(bb->region, bb->original, bb->buf.data, werr))
          faults.push_back({{"kind", "error"}, {"message", "writing back: " + werr}});
        continue;
      }
      std::vector<uint8_t> now = bb->original;
      size_t es = dtypeSize(bb->buf.dtype);
      {
        int64_t rank = bb->sizes.size(), total = bb->buf.numel();
        std::vector<int64_t> idx(rank, 0);
        for (int64_t k = 0; k < total; ++k) {
          int64_t off = 0;
          for (int64_t d = 0; d < rank; ++d)
            off += idx[d] * bb->strides[d];
          std::memcpy(now.data() + off * es, bb->buf.data.data() + k * es, es);
          for (int64_t d = rank - 1; d >= 0; --d) {
            if (++idx[d] < bb->sizes[d])
              break;
            idx[d] = 0;
          }
        }
      }
      if (!writeChanged(bb->region, bb->original, now, werr))
        faults.push_back({{"kind", "error"}, {"message", "writing back: " + werr}});
    }
    if (!r.ok && r.faults.empty())
      faults.push_back({{"kind", "error"}, {"message", "the launch failed"}});
    return {{"ok", true},
            {"faults", faults},
            {"ms", r.runMs > 0 ? r.runMs : wall},
            {"compile_ms", cit->second->compileMs()},
            {"cached", cached}};
  }
};

ExecServer::ExecServer(mlir::MLIRContext &ctx, std::unique_ptr<Executor> executor)
    : impl(std::make_unique<Impl>(ctx, std::move(executor))) {}
ExecServer::~ExecServer() = default;

std::string ExecServer::handle(llvm::StringRef line, bool &quit) {
  quit = false;
  json resp;
  try {
    json req = json::parse(line.begin(), line.end(), nullptr, /*allow_exceptions=*/false);
    if (req.is_discarded()) {
      resp = Impl::error("malformed JSON request");
    } else if (!req.is_object()) {
      resp = Impl::error("a request must be a JSON object");
    } else if (!req.contains("op") || !req["op"].is_string()) {
      resp = Impl::error("a request needs \"op\" (load, launch or quit)");
    } else {
      std::string op = req["op"].get<std::string>();
      if (op == "load") {
        resp = impl->load(req);
      } else if (op == "launch") {
        resp = impl->launch(req);
      } else if (op == "quit") {
        quit = true;
        resp = {{"ok", true}};
      } else if (op == "ping") {
        resp = {{"ok", true}, {"target", impl->exec->name().str()}};
      } else {
        resp = Impl::error("unknown op '" + op + "' (load, launch, ping or quit)");
      }
    }
  } catch (const std::exception &e) {
    resp = Impl::error(std::string("bad request: ") + e.what());
  } catch (...) {
    resp = Impl::error("bad request");
  }
  return resp.dump(-1, ' ', false, json::error_handler_t::replace);
}

int ExecServer::serve(std::istream &in, llvm::raw_ostream &out) {
  std::string line;
  while (std::getline(in, line)) {
    if (llvm::StringRef(line).trim().empty())
      continue;
    bool quit = false;
    out << handle(line, quit) << "\n";
    out.flush();
    if (quit)
      return 0;
  }
  return 0;
}
