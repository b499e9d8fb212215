//===- CurlApi.cpp - libcurl, opened with dlopen --------------------------===//
#include "CurlApi.h"

#include <dlfcn.h>
#include <mutex>

using namespace kfix::llm;

const CurlApi *kfix::llm::getCurlApi(std::string *error) {
  static CurlApi api;
  static std::string loadError;
  static bool loaded = false;
  static std::once_flag once;
  std::call_once(once, [] {
    void *lib = nullptr;
    for (const char *name : {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"})
      if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
        break;
    if (!lib) {
      const char *e = dlerror();
      loadError = std::string("libcurl is not available (") + (e ? e : "libcurl.so.4 not found") +
                  "); install libcurl4 to use the LLM planner";
      return;
    }
    auto sym = [&](const char *name) {
      void *p = dlsym(lib, name);
      if (!p && loadError.empty())
        loadError = std::string("libcurl lacks ") + name;
      return p;
    };
    api.global_init = reinterpret_cast<decltype(api.global_init)>(sym("curl_global_init"));
    api.easy_init = reinterpret_cast<decltype(api.easy_init)>(sym("curl_easy_init"));
    api.easy_cleanup = reinterpret_cast<decltype(api.easy_cleanup)>(sym("curl_easy_cleanup"));
    api.easy_setopt = reinterpret_cast<decltype(api.easy_setopt)>(sym("curl_easy_setopt"));
    api.easy_perform = reinterpret_cast<decltype(api.easy_perform)>(sym("curl_easy_perform"));
    api.easy_getinfo = reinterpret_cast<decltype(api.easy_getinfo)>(sym("curl_easy_getinfo"));
    api.easy_strerror = reinterpret_cast<decltype(api.easy_strerror)>(sym("curl_easy_strerror"));
    api.slist_append = reinterpret_cast<decltype(api.slist_append)>(sym("curl_slist_append"));
    api.slist_free_all = reinterpret_cast<decltype(api.slist_free_all)>(sym("curl_slist_free_all"));
    api.getdate = reinterpret_cast<decltype(api.getdate)>(sym("curl_getdate"));
    loaded = loadError.empty();
  });
  if (!loaded) {
    if (error)
      *error = loadError;
    return nullptr;
  }
  return &api;
}
