//===- CurlApi.h - libcurl, opened with dlopen -------------------*- C++ -*-===//
//
// kfix talks HTTP through the real libcurl, but does not link against it: the
// portable (static) kfix must start on machines where libcurl is missing, and
// only the LLM planner needs it. The functions are looked up once from
// libcurl.so.4; the types and constants come from <curl/curl.h> at build time
// (libcurl's ABI has been stable since 7.16).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_LLM_CURLAPI_H
#define KFIX_LIB_LLM_CURLAPI_H

#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>
#include <string>

namespace kfix::llm {

struct CurlApi {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)();
  void (*easy_cleanup)(CURL *);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_perform)(CURL *);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  const char *(*easy_strerror)(CURLcode);
  curl_slist *(*slist_append)(curl_slist *, const char *);
  void (*slist_free_all)(curl_slist *);
  time_t (*getdate)(const char *, const time_t *);
};

/// The loaded API, or null with `error` saying why (e.g. libcurl.so.4 missing).
const CurlApi *getCurlApi(std::string *error = nullptr);

} // namespace kfix::llm

#endif
