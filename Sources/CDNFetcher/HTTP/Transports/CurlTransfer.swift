#if canImport(CCurl)
    import CCurl
    import Foundation
    import WidgetI18nSupport

    /// One attempt on libcurl: its easy handle, the headers received, and the continuation its task waits on.
    /// Lives on the transport's loop thread, but for `cancel()`, which any thread may call.
    final class CurlTransfer: @unchecked Sendable {
        // @unchecked: everything but `cancelled` is touched by the loop's thread alone, after the task handed the
        // transfer over (the inbox's lock orders the two).
        let request: HTTPRequest
        let attempt: Int
        let body: BodyReceiver
        private let configuration: HTTPClientConfiguration
        var continuation: CheckedContinuation<HTTPAttempt, Never>?
        fileprivate var headers: [String: String] = [:]
        private let cancelled = Locked(false)
        private var easy: UnsafeMutableRawPointer?
        private var headerList: UnsafeMutablePointer<curl_slist>?
        private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

        init(request: HTTPRequest, attempt: Int, body: BodyReceiver, configuration: HTTPClientConfiguration) {
            self.request = request
            self.attempt = attempt
            self.body = body
            self.configuration = configuration
            errorBuffer[0] = 0
        }

        deinit {
            if let easy { curl_easy_cleanup(easy) }
            if let headerList { curl_slist_free_all(headerList) }
            errorBuffer.deallocate()
        }

        /// Asks the loop to stop the transfer (from the cancellation handler, any thread).
        func cancel() { cancelled.withLock { $0 = true } }

        var isCancelled: Bool { cancelled.withLock { $0 } }

        /// The easy handle, configured from scratch.
        func start() -> UnsafeMutableRawPointer {
            let handle = curl_easy_init()!
            easy = handle
            func set(_ option: CURLoption, _ value: Int) { _ = widget_i18n_easy_setopt_long(handle, option, value) }
            func set(_ option: CURLoption, _ value: String) {
                _ = widget_i18n_easy_setopt_string(handle, option, value)
            }
            set(CURLOPT_URL, request.url)
            set(CURLOPT_NOSIGNAL, 1)
            set(CURLOPT_FOLLOWLOCATION, 1)
            set(CURLOPT_MAXREDIRS, configuration.maximumRedirects)
            set(CURLOPT_PROTOCOLS_STR, configuration.allowedSchemes)
            set(CURLOPT_REDIR_PROTOCOLS_STR, configuration.allowedRedirectSchemes)
            set(CURLOPT_ACCEPT_ENCODING, "")
            set(CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.connectTimeout * 1000))
            set(CURLOPT_TIMEOUT_MS, Int(configuration.timeout * 1000))
            set(CURLOPT_SSL_VERIFYPEER, 1)
            set(CURLOPT_SSL_VERIFYHOST, 2)
            set(CURLOPT_PIPEWAIT, 1)
            set(CURLOPT_USERAGENT, configuration.userAgent)
            if let path = configuration.caCertificatePath { set(CURLOPT_CAINFO, path) }
            _ = widget_i18n_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(body.limit))
            _ = widget_i18n_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
            for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
                headerList = curl_slist_append(headerList, "\(name): \(value)")
            }
            if let headerList { _ = widget_i18n_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList) }
            let context = Unmanaged.passUnretained(self).toOpaque()
            _ = widget_i18n_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, transferWriteBody)
            _ = widget_i18n_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
            _ = widget_i18n_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION, transferWriteHeader)
            _ = widget_i18n_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
            return handle
        }

        /// Resumes the waiting task with a cancellation: the loop removed the handle.
        func finishCancelled() {
            resume(
                .failure(
                    HTTPTransferError(kind: .cancelled, url: request.url, detail: "stopped", attempts: attempt),
                    isTransient: false))
        }

        /// Resumes the waiting task with what the transfer ended with.
        func finish(code: CURLcode) {
            guard let easy else { preconditionFailure("a transfer finished that never started") }
            var status = 0
            _ = widget_i18n_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            var downloaded: curl_off_t = 0
            _ = widget_i18n_easy_getinfo_off_t(easy, CURLINFO_SIZE_DOWNLOAD_T, &downloaded)
            var effective: UnsafeMutablePointer<CChar>?
            _ = widget_i18n_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
            let effectiveURL = effective.map { String(cString: $0) } ?? request.url

            if code == CURLE_OK {
                // file:// has no status line; a read that succeeded is a 200.
                return resume(
                    .response(
                        HTTPResponse(
                            status: status == 0 ? 200 : status, headers: headers, body: body.bytes,
                            bytesReceived: Int(downloaded), effectiveURL: effectiveURL, attempts: attempt)))
            }
            let detail =
                errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
            let kind: HTTPTransferError.Kind
            var transient = false
            switch code {
            case CURLE_OPERATION_TIMEDOUT:
                kind = .timedOut(seconds: configuration.timeout)
                transient = true
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
                kind = .connectionFailed
                transient = true
            case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2,
                CURLE_HTTP2_STREAM:
                kind = .interrupted
                transient = true
            case CURLE_FILESIZE_EXCEEDED:
                kind = .tooLarge(limit: body.limit)
            case CURLE_WRITE_ERROR where body.refusal != nil:
                kind = body.refusal!
            case CURLE_TOO_MANY_REDIRECTS:
                kind = .tooManyRedirects
            case CURLE_UNSUPPORTED_PROTOCOL:
                kind = .disallowedRedirect(allowed: configuration.allowedRedirectSchemes)
            case CURLE_BAD_CONTENT_ENCODING:
                kind = .badContentEncoding
            case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM:
                kind = .tls
            case CURLE_SSL_CONNECT_ERROR:
                kind = .tls
                transient = true
            case CURLE_FILE_COULDNT_READ_FILE:
                kind = .fileNotFound
            default:
                kind = .other
            }
            resume(
                .failure(
                    HTTPTransferError(kind: kind, url: request.url, detail: detail, attempts: attempt),
                    isTransient: transient))
        }

        private func resume(_ outcome: HTTPAttempt) {
            continuation?.resume(returning: outcome)
            continuation = nil
        }

        fileprivate func receiveHeader(_ line: String) {
            if line.hasPrefix("HTTP/") {
                // A new response (after a redirect or a 100 Continue): forget the previous one's headers.
                headers = [:]
                return
            }
            guard let colon = line.firstIndex(of: ":") else { return }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            headers[name] = value
        }
    }

    private let transferWriteBody: widget_i18n_data_callback = { data, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard let data else { return length }
        return transfer.body.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    private let transferWriteHeader: widget_i18n_data_callback = { data, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard let data else { return length }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        transfer.receiveHeader(line)
        return length
    }
#endif
