//===- Npy.cpp - NumPy .npy read and write ---------------------------------===//
#include "kfix/Runtime/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

using namespace kfix;
using llvm::StringRef;

static llvm::Error npyError(StringRef name, const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), (name + ": " + msg).str());
}

llvm::StringRef kfix::npyDescr(DType t) {
  switch (t) {
  case DType::f64:
    return "<f8";
  case DType::f32:
    return "<f4";
  case DType::f16:
    return "<f2";
  case DType::bf16:
    return "<f4";
  case DType::i64:
    return "<i8";
  case DType::i32:
    return "<i4";
  case DType::i16:
    return "<i2";
  case DType::i8:
    return "|i1";
  case DType::u64:
    return "<u8";
  case DType::u32:
    return "<u4";
  case DType::u16:
    return "<u2";
  case DType::u8:
    return "|u1";
  case DType::boolean:
    return "|b1";
  }
  return "<f4";
}

/// Maps a descr to a dtype; sets `why` when unsupported.
static std::optional<DType> descrToDType(StringRef d, std::string &why) {
  if (d.size() < 3) {
    why = "unsupported dtype '" + d.str() + "'";
    return std::nullopt;
  }
  char order = d[0];
  StringRef kind = d.drop_front();
  if (order == '>' && kind != "i1" && kind != "u1" && kind != "b1") {
    why = "big-endian dtype '" + d.str() + "' is not supported (use '<')";
    return std::nullopt;
  }
  if (order != '<' && order != '|' && order != '=' && order != '>') {
    why = "unsupported dtype '" + d.str() + "'";
    return std::nullopt;
  }
  std::optional<DType> t = llvm::StringSwitch<std::optional<DType>>(kind)
                               .Case("f8", DType::f64)
                               .Case("f4", DType::f32)
                               .Case("f2", DType::f16)
                               .Case("i8", DType::i64)
                               .Case("i4", DType::i32)
                               .Case("i2", DType::i16)
                               .Case("i1", DType::i8)
                               .Case("u8", DType::u64)
                               .Case("u4", DType::u32)
                               .Case("u2", DType::u16)
                               .Case("u1", DType::u8)
                               .Case("b1", DType::boolean)
                               .Default(std::nullopt);
  if (!t)
    why = "unsupported dtype '" + d.str() + "'";
  return t;
}

namespace {
/// A parser for the Python dict literal of a .npy header.
struct HeaderParser {
  StringRef s;
  size_t pos = 0;
  std::string error;

  void skipSpace() {
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t' || s[pos] == '\n' || s[pos] == '\r'))
      ++pos;
  }
  bool fail(const llvm::Twine &msg) {
    if (error.empty())
      error = ("header column " + llvm::Twine(pos + 1) + ": " + msg).str();
    return false;
  }
  bool expect(char c) {
    skipSpace();
    if (pos < s.size() && s[pos] == c) {
      ++pos;
      return true;
    }
    return fail(llvm::Twine("expected '") + llvm::Twine(c) + "'");
  }
  bool peek(char c) {
    skipSpace();
    return pos < s.size() && s[pos] == c;
  }
  bool parseString(std::string &out) {
    skipSpace();
    if (pos >= s.size() || (s[pos] != '\'' && s[pos] != '"'))
      return fail("expected a string");
    char q = s[pos++];
    size_t start = pos;
    while (pos < s.size() && s[pos] != q)
      ++pos;
    if (pos >= s.size())
      return fail("unterminated string");
    out = s.slice(start, pos).str();
    ++pos;
    return true;
  }
  bool parseBool(bool &out) {
    skipSpace();
    if (s.substr(pos).starts_with("True")) {
      pos += 4;
      out = true;
      return true;
    }
    if (s.substr(pos).starts_with("False")) {
      pos += 5;
      out = false;
      return true;
    }
    return fail("expected True or False");
  }
  bool parseShape(std::vector<int64_t> &out) {
    if (!expect('('))
      return false;
    while (!peek(')')) {
      skipSpace();
      size_t start = pos;
      while (pos < s.size() && llvm::isDigit(s[pos]))
        ++pos;
      if (start == pos)
        return fail("expected a dimension");
      // Python 2 era files may write long integers as 3L.
      int64_t v;
      if (s.slice(start, pos).getAsInteger(10, v) || v < 0)
        return fail("bad dimension");
      if (pos < s.size() && s[pos] == 'L')
        ++pos;
      out.push_back(v);
      if (peek(','))
        ++pos;
      else if (!peek(')'))
        return fail("expected ',' or ')' in shape");
    }
    ++pos;
    return true;
  }
};
} // namespace

llvm::Expected<Buffer> kfix::parseNpy(StringRef bytes, StringRef name) {
  static const char magic[] = "\x93NUMPY";
  if (bytes.size() < 10 || !bytes.starts_with(StringRef(magic, 6)))
    return npyError(name, "not a .npy file (bad magic)");
  unsigned major = static_cast<uint8_t>(bytes[6]);
  unsigned minor = static_cast<uint8_t>(bytes[7]);
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = static_cast<uint8_t>(bytes[8]) | (static_cast<uint8_t>(bytes[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return npyError(name, "truncated header");
    headerLen = 0;
    for (int i = 0; i < 4; ++i)
      headerLen |= static_cast<size_t>(static_cast<uint8_t>(bytes[8 + i])) << (8 * i);
    headerStart = 12;
  } else {
    return npyError(name, "unsupported .npy format version " + llvm::Twine(major) + "." +
                              llvm::Twine(minor));
  }
  if (headerStart + headerLen > bytes.size())
    return npyError(name, "truncated header (" + llvm::Twine(headerLen) +
                              " header bytes announced, " +
                              llvm::Twine(bytes.size() - headerStart) + " present)");
  HeaderParser p;
  p.s = bytes.substr(headerStart, headerLen);
  std::optional<std::string> descr;
  std::optional<bool> fortran;
  std::optional<std::vector<int64_t>> shape;
  bool ok = p.expect('{');
  while (ok && !p.peek('}')) {
    std::string key;
    ok = p.parseString(key) && p.expect(':');
    if (!ok)
      break;
    if (key == "descr") {
      std::string d;
      ok = p.parseString(d);
      descr = d;
    } else if (key == "fortran_order") {
      bool f;
      ok = p.parseBool(f);
      fortran = f;
    } else if (key == "shape") {
      std::vector<int64_t> sh;
      ok = p.parseShape(sh);
      shape = sh;
    } else {
      ok = p.fail("unexpected key '" + key + "'");
    }
    if (ok && p.peek(','))
      ++p.pos;
    else if (ok && !p.peek('}'))
      ok = p.fail("expected ',' or '}'");
  }
  if (!ok)
    return npyError(name, "malformed header: " + p.error);
  if (!descr || !fortran || !shape)
    return npyError(name, llvm::Twine("malformed header: missing '") +
                              (!descr     ? "descr"
                               : !fortran ? "fortran_order"
                                          : "shape") +
                              "'");
  if (*fortran)
    return npyError(name, "Fortran-order arrays are not supported (save with C order)");
  std::string why;
  std::optional<DType> t = descrToDType(*descr, why);
  if (!t)
    return npyError(name, why);
  Buffer buf;
  buf.dtype = *t;
  buf.shape = *shape;
  // Overflow-safe element count.
  uint64_t n = 1;
  for (int64_t d : buf.shape) {
    if (d != 0 && n > (uint64_t(1) << 48) / static_cast<uint64_t>(d))
      return npyError(name, "array too large");
    n *= static_cast<uint64_t>(d);
  }
  uint64_t want = n * dtypeSize(*t);
  size_t dataStart = headerStart + headerLen;
  uint64_t have = bytes.size() - dataStart;
  if (have != want)
    return npyError(name, llvm::Twine(have < want ? "truncated data" : "trailing data") +
                              ": shape and dtype need " + llvm::Twine(want) + " bytes, file has " +
                              llvm::Twine(have));
  buf.data.assign(bytes.begin() + dataStart, bytes.end());
  return buf;
}

llvm::Expected<Buffer> kfix::readNpy(StringRef path) {
  auto mb = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!mb)
    return npyError(path, "cannot read: " + mb.getError().message());
  return parseNpy((*mb)->getBuffer(), path);
}

std::string kfix::serializeNpy(const Buffer &buf) {
  std::string dict =
      "{'descr': '" + npyDescr(buf.dtype).str() + "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < buf.shape.size(); ++i)
    dict += (i ? ", " : "") + std::to_string(buf.shape[i]);
  if (buf.shape.size() == 1)
    dict += ","; // a one-element Python tuple
  dict += "), }";
  // Pad with spaces so that the data starts at a multiple of 64; end with '\n'.
  bool v2 = dict.size() + 1 + 10 > 65535;
  size_t prefix = v2 ? 12 : 10;
  size_t total = prefix + dict.size() + 1;
  size_t padded = (total + 63) / 64 * 64;
  dict.append(padded - total, ' ');
  dict += '\n';
  std::string out("\x93NUMPY", 6);
  out += static_cast<char>(v2 ? 2 : 1);
  out += '\0';
  size_t hl = dict.size();
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i)
    out += static_cast<char>((hl >> (8 * i)) & 0xff);
  out += dict;
  if (buf.dtype == DType::bf16) {
    Buffer f = convertBuffer(buf, DType::f32);
    out.append(reinterpret_cast<const char *>(f.data.data()), f.data.size());
  } else {
    out.append(reinterpret_cast<const char *>(buf.data.data()), buf.data.size());
  }
  return out;
}

llvm::Error kfix::writeFileAtomically(StringRef path, StringRef bytes) {
  llvm::SmallString<256> tmp;
  llvm::SmallString<256> model(path);
  model += ".tmp-%%%%%%";
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, tmp))
    return llvm::createStringError(ec, "%s: cannot create a temporary file: %s", path.str().c_str(),
                                   ec.message().c_str());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
    os.flush();
    if (os.has_error()) {
      std::string msg = os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(tmp);
      return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: write failed: %s",
                                     path.str().c_str(), msg.c_str());
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) {
    llvm::sys::fs::remove(tmp);
    return llvm::createStringError(ec, "%s: cannot rename the temporary file: %s",
                                   path.str().c_str(), ec.message().c_str());
  }
  return llvm::Error::success();
}

llvm::Error kfix::writeNpy(StringRef path, const Buffer &buf) {
  return writeFileAtomically(path, serializeNpy(buf));
}

Buffer kfix::convertBuffer(const Buffer &src, DType to) {
  if (src.dtype == to)
    return src;
  Buffer out(to, src.shape);
  int64_t n = src.numel();
  if (to == DType::bf16 && src.dtype == DType::u16) {
    out.data = src.data; // raw bfloat16 bits
    return out;
  }
  bool intToInt = !isFloat(src.dtype) && !isFloat(to);
  for (int64_t i = 0; i < n; ++i) {
    if (intToInt)
      out.setInt(i, src.getInt(i));
    else
      out.set(i, src.get(i));
  }
  return out;
}
