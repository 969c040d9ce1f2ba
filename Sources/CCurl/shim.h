// The variadic parts of libcurl's API, as fixed-type functions Swift can call.
#ifndef WIDGET_I18N_CCURL_SHIM_H
#define WIDGET_I18N_CCURL_SHIM_H

#include <curl/curl.h>

static inline CURLcode widget_i18n_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode widget_i18n_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode widget_i18n_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode widget_i18n_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode widget_i18n_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*widget_i18n_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode widget_i18n_easy_setopt_callback(CURL *handle, CURLoption option,
                                                        widget_i18n_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode widget_i18n_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode widget_i18n_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode widget_i18n_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode widget_i18n_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode widget_i18n_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// `CURLMsg.data.result`, which Swift cannot reach through the union.
static inline CURLcode widget_i18n_message_result(CURLMsg *message) {
    return message->data.result;
}

#endif
