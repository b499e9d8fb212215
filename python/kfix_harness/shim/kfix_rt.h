// kfix_rt.h - the kfix launch ABI seen by a rewritten host wrapper.
//
// `kfix harness-prepare` rewrites every CUDA launch `k<<<g, b, s, st>>>(a...)` of a
// candidate's source (through the Clang AST) into
//
//   ::kfix_rt::launch(SITE, KEY, ::kfix_rt::dim(g), ::kfix_rt::dim(b),
//                     (size_t)(s), ::kfix_rt::stream_of(st),
//                     {::kfix_rt::arg(a0), ::kfix_rt::arg(a1), ...});
//
// SITE is the launch site's number in the prepare manifest; KEY is a string literal
// (the kernel as the lifter names it, `kfix.name`, e.g. "scale<float, 256>") or, for
// a launch whose template arguments depend on the context (AT_DISPATCH lambdas),
// ::kfix_rt::key("scale", ::kfix_rt::tname<scalar_t>(), ::kfix_rt::vname(256)).
// The harness (python/kfix_harness) decides which binary runs for each kernel.
#ifndef KFIX_RT_H
#define KFIX_RT_H

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>

namespace kfix_rt {

struct Dim {
  long long x = 1, y = 1, z = 1;
};

template <class D> inline Dim dim(const D &d) {
  if constexpr (std::is_integral_v<D> || std::is_enum_v<D>) {
    Dim r;
    r.x = (long long)d;
    return r;
  } else {
    Dim r;
    r.x = d.x;
    r.y = d.y;
    r.z = d.z;
    return r;
  }
}

enum ArgKind : int { kPtr = 0, kInt = 1, kFloat = 2, kAccessor = 3, kUnsupported = 4, kSymbol = 5 };

struct Arg {
  int kind = kUnsupported;
  const void *p = nullptr;
  long long i = 0;
  double f = 0;
  int rank = 0;
  long long sizes[8] = {0};
  long long strides[8] = {0};
  const char *type = ""; // for errors
};

template <class T, class = void> struct has_accessor_api : std::false_type {};
template <class T>
struct has_accessor_api<T, std::void_t<decltype(std::declval<const T &>().data()),
                                       decltype(std::declval<const T &>().size(0)),
                                       decltype(std::declval<const T &>().stride(0))>>
    : std::true_type {};

// The rank of a torch packed accessor (GenericPackedTensorAccessor<T, N, Traits, I>),
// matched structurally so this header needs no torch include.
template <class T> struct accessor_rank {
  static constexpr int value = 0;
};
template <template <class, size_t, template <class> class, class> class A, class T, size_t N,
          template <class> class P, class I>
struct accessor_rank<A<T, N, P, I>> {
  static constexpr int value = (int)N;
};

template <class T> inline Arg arg(const T &v) {
  Arg a;
  using U = std::decay_t<T>;
  if constexpr (std::is_pointer_v<U>) {
    a.kind = kPtr;
    a.p = (const void *)v;
  } else if constexpr (std::is_same_v<U, std::nullptr_t>) {
    a.kind = kPtr;
    a.p = nullptr;
  } else if constexpr (std::is_integral_v<U> || std::is_enum_v<U>) {
    a.kind = kInt;
    a.i = (long long)v;
  } else if constexpr (std::is_floating_point_v<U>) {
    a.kind = kFloat;
    a.f = (double)v;
  } else if constexpr (std::is_convertible_v<U, float> && sizeof(U) == 2) {
    a.kind = kFloat;
    a.f = (double)(float)v; // c10::Half, __half, BFloat16
  } else if constexpr (has_accessor_api<U>::value) {
    a.kind = kAccessor;
    a.p = (const void *)v.data();
    constexpr int R = accessor_rank<U>::value;
    a.rank = R;
    for (int d = 0; d < R && d < 8; ++d) {
      a.sizes[d] = v.size(d);
      a.strides[d] = v.stride(d);
    }
  } else {
    a.kind = kUnsupported;
    a.type = __PRETTY_FUNCTION__;
  }
  return a;
}

// A file-scope `__constant__` variable of the candidate's source (in the rewritten
// host code, a plain host variable that cudaMemcpyToSymbol fills: see
// kfix_rt_compat.h), appended to every rewritten launch after the kernel's own
// arguments: `type` is its name, `p` its address, `i` its size in bytes. The harness
// passes those that the lifted kernel reads (its trailing `__constant__` arguments,
// matched by name) and drops the others.
template <class T> inline Arg symbol(const char *name, const T &v) {
  Arg a;
  a.kind = kSymbol;
  a.p = (const void *)&v;
  a.i = (long long)sizeof(T);
  a.type = name;
  return a;
}

template <class S> inline void *stream_of(const S &s) {
  if constexpr (std::is_integral_v<S> || std::is_same_v<S, std::nullptr_t>)
    return nullptr;
  else
    return (void *)(s);
}
inline void *stream_of() { return nullptr; }

// Template arguments spelled as Clang prints them in kfix.name.
template <class T> struct dependent_false : std::false_type {};
template <class T> inline std::string tname() {
  static_assert(dependent_false<T>::value,
                "kfix_rt::tname: no kernel-name spelling for this template argument type");
  return "";
}
#define KFIX_RT_TNAME(T, S)                                                                        \
  template <> inline std::string tname<T>() { return S; }
KFIX_RT_TNAME(float, "float")
KFIX_RT_TNAME(double, "double") KFIX_RT_TNAME(bool, "bool") KFIX_RT_TNAME(char, "char")
    KFIX_RT_TNAME(signed char, "signed char") KFIX_RT_TNAME(unsigned char, "unsigned char")
        KFIX_RT_TNAME(short, "short") KFIX_RT_TNAME(unsigned short, "unsigned short")
            KFIX_RT_TNAME(int, "int") KFIX_RT_TNAME(unsigned int, "unsigned int")
                KFIX_RT_TNAME(long, "long") KFIX_RT_TNAME(unsigned long, "unsigned long")
                    KFIX_RT_TNAME(long long, "long long")
                        KFIX_RT_TNAME(unsigned long long, "unsigned long long")
#undef KFIX_RT_TNAME
    // c10::Half / c10::BFloat16 / __half / __nv_bfloat16 get their names from
    // kfix_rt_types.h when those types exist in the translation unit.

    template <class V>
    inline std::string vname(V v) {
  if constexpr (std::is_same_v<V, bool>)
    return v ? "true" : "false";
  else
    return std::to_string(v);
}

template <class... A> inline std::string key(const char *name, const A &...args) {
  std::string k = name;
  k += "<";
  bool first = true;
  ((k += (first ? "" : ", "), k += std::string(args), first = false), ...);
  k += ">";
  return k;
}

} // namespace kfix_rt

extern "C" void kfix_rt_launch(int site, const char *key, kfix_rt::Dim grid, kfix_rt::Dim block,
                               size_t shmem, void *stream, const kfix_rt::Arg *args, int nargs);

namespace kfix_rt {
inline void launch(int site, const std::string &key, Dim grid, Dim block, size_t shmem,
                   void *stream, std::initializer_list<Arg> args) {
  kfix_rt_launch(site, key.c_str(), grid, block, shmem, stream, args.begin(), (int)args.size());
}
} // namespace kfix_rt

#endif
