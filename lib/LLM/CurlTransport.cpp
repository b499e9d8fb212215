//===- CurlTransport.cpp - HTTP POST through libcurl ----------------------===//
//
// Compiled with -fexceptions (see CMakeLists.txt): the std::string appends in
// the callbacks may throw bad_alloc, which must not unwind through libcurl's C
// frames, so each callback catches and reports failure to curl instead.
//
//===----------------------------------------------------------------------===//
#include "kfix/LLM/Client.h"

#include "llvm/ADT/StringExtras.h"
#include "CurlApi.h"
#include <mutex>

using namespace kfix::llm;

HttpTransport::~HttpTransport() = default;

std::optional<std::string> HttpResponse::getHeader(llvm::StringRef lowerName) const {
  for (const auto &[name, value] : headers)
    if (name == lowerName)
      return value;
  return std::nullopt;
}

namespace {

size_t writeBody(char *data, size_t size, size_t count, void *user) {
  try {
    static_cast<std::string *>(user)->append(data, size * count);
    return size * count;
  } catch (...) {
    return 0; // curl reports CURLE_WRITE_ERROR
  }
}

size_t writeHeader(char *data, size_t size, size_t count, void *user) {
  try {
    auto *headers = static_cast<std::vector<std::pair<std::string, std::string>> *>(user);
    llvm::StringRef line(data, size * count);
    line = line.trim();
    if (line.starts_with("HTTP/")) {
      headers->clear(); // a new response (e.g. after 100 Continue)
    } else if (size_t colon = line.find(':'); colon != llvm::StringRef::npos) {
      headers->emplace_back(line.take_front(colon).trim().lower(),
                            line.drop_front(colon + 1).trim().str());
    }
    return size * count;
  } catch (...) {
    return 0;
  }
}

class CurlTransport final : public HttpTransport {
public:
  CurlTransport() {
    static std::once_flag once;
    std::call_once(once, [] {
      if (const CurlApi *api = getCurlApi())
        api->global_init(CURL_GLOBAL_DEFAULT);
    });
  }

  HttpResponse post(const HttpRequest &request) override {
    HttpResponse response;
    try {
      postImpl(request, response);
    } catch (...) {
      response.outcome = HttpResponse::Outcome::OtherError;
      response.error = "unexpected failure in the HTTP transport";
    }
    return response;
  }

private:
  void postImpl(const HttpRequest &request, HttpResponse &response) {
    std::string loadError;
    const CurlApi *api = getCurlApi(&loadError);
    if (!api) {
      response.outcome = HttpResponse::Outcome::OtherError;
      response.error = loadError;
      return;
    }
    std::unique_ptr<CURL, void (*)(CURL *)> handle(api->easy_init(), api->easy_cleanup);
    CURL *curl = handle.get();
    if (!curl) {
      response.error = "curl_easy_init failed";
      return;
    }
    std::unique_ptr<curl_slist, void (*)(curl_slist *)> headers(nullptr, api->slist_free_all);
    auto append = [&](const std::string &line) {
      curl_slist *next = api->slist_append(headers.get(), line.c_str());
      if (next) { // the head of the same list, or a new list when it was empty
        (void)headers.release();
        headers.reset(next);
      }
    };
    for (const auto &[name, value] : request.headers)
      append(name + ": " + value);
    // No "Expect: 100-continue" round trip for large prompts.
    append("Expect:");
    char errorBuffer[CURL_ERROR_SIZE] = {0};

    api->easy_setopt(curl, CURLOPT_URL, request.url.c_str());
    api->easy_setopt(curl, CURLOPT_POST, 1L);
    api->easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
    api->easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE,
                     static_cast<curl_off_t>(request.body.size()));
    api->easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
    api->easy_setopt(curl, CURLOPT_WRITEFUNCTION, writeBody);
    api->easy_setopt(curl, CURLOPT_WRITEDATA, &response.body);
    api->easy_setopt(curl, CURLOPT_HEADERFUNCTION, writeHeader);
    api->easy_setopt(curl, CURLOPT_HEADERDATA, &response.headers);
    api->easy_setopt(curl, CURLOPT_ERRORBUFFER, errorBuffer);
    api->easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    api->easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
#if LIBCURL_VERSION_NUM >= 0x075500
    api->easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    api->easy_setopt(curl, CURLOPT_PROTOCOLS, CURLPROTO_HTTP | CURLPROTO_HTTPS);
#endif
    if (request.timeoutMs)
      api->easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(request.timeoutMs));
    if (request.connectTimeoutMs)
      api->easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                       static_cast<long>(request.connectTimeoutMs));

    CURLcode rc = api->easy_perform(curl);
    if (rc == CURLE_OK) {
      response.outcome = HttpResponse::Outcome::Replied;
      api->easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response.status);
    } else {
      switch (rc) {
      case CURLE_OPERATION_TIMEDOUT:
        response.outcome = HttpResponse::Outcome::Timeout;
        break;
      case CURLE_COULDNT_CONNECT:
      case CURLE_COULDNT_RESOLVE_HOST:
      case CURLE_COULDNT_RESOLVE_PROXY:
      case CURLE_GOT_NOTHING:
      case CURLE_SEND_ERROR:
      case CURLE_RECV_ERROR:
      case CURLE_PARTIAL_FILE:
        response.outcome = HttpResponse::Outcome::ConnectError;
        break;
      default:
        response.outcome = HttpResponse::Outcome::OtherError;
        break;
      }
      response.error = errorBuffer[0] ? std::string(errorBuffer) : api->easy_strerror(rc);
      response.error += " (curl error " + std::to_string(rc) + ")";
    }
  }
};

} // namespace

std::unique_ptr<HttpTransport> kfix::llm::createCurlTransport() {
  return std::make_unique<CurlTransport>();
}
