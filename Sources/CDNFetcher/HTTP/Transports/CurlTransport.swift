#if canImport(CCurl)
    import CCurl
    import Foundation
    import WidgetI18nSupport

    /// The libcurl transport (Linux): every attempt is an easy handle on one multi handle, so connections are
    /// reused and HTTP/2 streams multiplexed.
    ///
    /// The multi handle belongs to one thread of its own, started when an attempt arrives and ended when none is
    /// left: `curl_multi_poll` sleeps in the kernel, which the cooperative pool must never do. An attempt suspends
    /// until its transfer is done; a cancelled task's transfer is removed at the next turn of the loop
    /// (`curl_multi_wakeup` ends the wait at once).
    final class CurlTransport: HTTPTransport {
        private let configuration: HTTPClientConfiguration
        /// Touched only by the loop's thread, except `curl_multi_wakeup`, which libcurl lets any thread call
        /// ("curl_multi_wakeup", libcurl's manual: "can be called from any thread").
        private let multi: MultiHandle
        /// Attempts handed to the loop and not yet added, and whether the loop's thread runs.
        private let inbox = Locked((arrived: [CurlTransfer](), isRunning: false))

        init(configuration: HTTPClientConfiguration) {
            CurlTransport.initializeLibcurl
            self.configuration = configuration
            let handle = curl_multi_init()
            _ = widget_i18n_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maximumConcurrency)
            _ = widget_i18n_multi_setopt_long(handle, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
            multi = MultiHandle(pointer: handle)
        }

        deinit {
            // The loop holds the transport while it runs, so no loop is running.
            curl_multi_cleanup(multi.pointer)
        }

        /// The libcurl version string, such as `libcurl/7.88.1 OpenSSL/3.0.11 zlib/1.2.13 nghttp2/1.52.0`.
        static var libcurlVersion: String { String(cString: curl_version()) }

        private static let initializeLibcurl: Void = {
            curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        }()

        func attempt(_ request: HTTPRequest, attempt: Int, body: BodyReceiver) async -> HTTPAttempt {
            let transfer = CurlTransfer(request: request, attempt: attempt, body: body, configuration: configuration)
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    transfer.continuation = continuation
                    hand(transfer)
                }
            } onCancel: { [multi] in
                transfer.cancel()
                curl_multi_wakeup(multi.pointer)
            }
        }

        /// Gives `transfer` to the loop, starting its thread when none runs.
        private func hand(_ transfer: CurlTransfer) {
            let startsThread = inbox.withLock { inbox in
                inbox.arrived.append(transfer)
                defer { inbox.isRunning = true }
                return !inbox.isRunning
            }
            if startsThread {
                let thread = Thread { [self] in run() }
                thread.name = "widget-i18n.http"
                thread.start()
            } else {
                curl_multi_wakeup(multi.pointer)
            }
        }

        // MARK: - The multi loop

        private func run() {
            let multi = multi.pointer
            var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
            while true {
                let arrived = inbox.withLock { inbox in
                    defer { inbox.arrived.removeAll() }
                    // Nothing runs and nothing came: the thread ends, and the next attempt starts another.
                    if inbox.arrived.isEmpty, active.isEmpty { inbox.isRunning = false }
                    return inbox.arrived
                }
                if arrived.isEmpty, active.isEmpty { return }
                for transfer in arrived {
                    let easy = transfer.start()
                    active[easy] = transfer
                    curl_multi_add_handle(multi, easy)
                }
                // Checked after every wait, which `curl_multi_wakeup` ends: a cancelled transfer stops now.
                for (easy, transfer) in active where transfer.isCancelled {
                    curl_multi_remove_handle(multi, easy)
                    active[easy] = nil
                    transfer.finishCancelled()
                }
                var running: Int32 = 0
                curl_multi_perform(multi, &running)
                var remaining: Int32 = 0
                while let message = curl_multi_info_read(multi, &remaining) {
                    guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                        let transfer = active.removeValue(forKey: easy)
                    else { continue }
                    let code = widget_i18n_message_result(message)
                    curl_multi_remove_handle(multi, easy)
                    transfer.finish(code: code)
                }
                if active.isEmpty { continue }
                // Sleep until a socket is ready or a wakeup (a new attempt, a cancellation); at most 100 ms.
                curl_multi_poll(multi, nil, 0, 100, nil)
            }
        }
    }

    /// The multi handle, which only the transport's loop touches (and `curl_multi_wakeup`, from any thread).
    private struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer?
    }
#endif
