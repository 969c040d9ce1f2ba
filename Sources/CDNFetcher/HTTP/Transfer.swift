import CCurl
import Foundation

/// One request's state across its attempts: the easy handle of the current attempt, the body and headers
/// received, and what ended it. Lives on the client's thread only.
final class Transfer {
    let index: Int
    let request: HTTPRequest
    let limit: Int
    /// What the whole fetch may still receive, when it has a limit.
    let budget: TransferBudget?
    private(set) var attempts = 0
    private var bytesReceived = 0
    fileprivate var body: [UInt8] = []
    fileprivate var headers: [String: String] = [:]
    fileprivate var exceededLimit = false
    fileprivate var exceededBudget = false
    private var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init(index: Int, request: HTTPRequest, limit: Int, budget: TransferBudget?) {
        self.index = index
        self.request = request
        self.limit = limit
        self.budget = budget
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    private func releaseHandle() {
        if let easy { curl_easy_cleanup(easy) }
        if let headerList { curl_slist_free_all(headerList) }
        easy = nil
        headerList = nil
    }

    /// A new easy handle for the next attempt, configured from scratch.
    func start(configuration: HTTPClientConfiguration) -> UnsafeMutableRawPointer {
        releaseHandle()
        attempts += 1
        // A retry starts the body again: what the last attempt received no longer counts against the fetch.
        if let budget, !body.isEmpty { budget.giveBack(body.count) }
        body = []
        headers = [:]
        exceededLimit = false
        exceededBudget = false
        errorBuffer[0] = 0
        let handle = curl_easy_init()!
        easy = handle
        func set(_ option: CURLoption, _ value: Int) { _ = widget_i18n_easy_setopt_long(handle, option, value) }
        func set(_ option: CURLoption, _ value: String) { _ = widget_i18n_easy_setopt_string(handle, option, value) }
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
        _ = widget_i18n_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit))
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

    /// What the attempt that just ended produced.
    struct Outcome {
        var result: Result<HTTPResponse, HTTPTransferError>
        var retryOutcome: RetryPolicy.Outcome
    }

    func finish(code: CURLcode, configuration: HTTPClientConfiguration) -> Outcome {
        guard let easy else { preconditionFailure("a transfer finished that never started") }
        var status = 0
        _ = widget_i18n_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var downloaded: curl_off_t = 0
        _ = widget_i18n_easy_getinfo_off_t(easy, CURLINFO_SIZE_DOWNLOAD_T, &downloaded)
        bytesReceived += Int(downloaded)
        var effective: UnsafeMutablePointer<CChar>?
        _ = widget_i18n_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
        let effectiveURL = effective.map { String(cString: $0) } ?? request.url

        if code == CURLE_OK {
            // file:// has no status line; a read that succeeded is a 200.
            let finalStatus = status == 0 ? 200 : status
            let response = HTTPResponse(
                status: finalStatus, headers: headers, body: body, bytesReceived: bytesReceived,
                effectiveURL: effectiveURL, attempts: attempts)
            return Outcome(
                result: .success(response),
                retryOutcome: .response(
                    status: finalStatus, retryAfter: headers["retry-after"].flatMap(Self.retryAfterSeconds)))
        }
        let detail = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
        let kind: HTTPTransferError.Kind
        var transient = false
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            kind = .timedOut(seconds: configuration.timeout)
            transient = true
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            kind = .connectionFailed
            transient = true
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            kind = .interrupted
            transient = true
        case CURLE_FILESIZE_EXCEEDED:
            kind = .tooLarge(limit: limit)
        case CURLE_WRITE_ERROR where exceededLimit:
            kind = .tooLarge(limit: limit)
        case CURLE_WRITE_ERROR where exceededBudget:
            kind = .fetchTooLarge(limit: budget?.limit ?? 0)
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
        let error = HTTPTransferError(kind: kind, url: request.url, detail: detail, attempts: attempts)
        return Outcome(result: .failure(error), retryOutcome: .transportFailure(isTransient: transient))
    }

    /// `Retry-After` as seconds: either a number of seconds or an HTTP date.
    static func retryAfterSeconds(_ value: String) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }

    fileprivate func receive(_ data: UnsafeRawBufferPointer) -> Bool {
        guard body.count + data.count <= limit else {
            exceededLimit = true
            return false
        }
        if let budget, !budget.take(data.count) {
            exceededBudget = true
            return false
        }
        body.append(contentsOf: data)
        return true
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
    let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    guard let data else { return length }
    return transfer.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let transferWriteHeader: widget_i18n_data_callback = { data, size, count, context in
    let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    guard let data else { return length }
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    transfer.receiveHeader(line)
    return length
}
