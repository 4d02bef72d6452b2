import Foundation
import Hummingbird

/// Writes each request's line to the ``AccessLog`` once its answer has been sent, with the
/// status and the body's bytes as sent; an error answer is logged with its status too.
///
/// Added before the access guard, so refused requests (a wrong token, a foreign Host) are
/// logged as well.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let log: AccessLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let entry = AccessLog.Entry(
            time: Date(), client: ClientAddress.current, method: request.method.rawValue, path: request.uri.path, status: 0, bytes: 0,
            duration: .zero)
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            var failed = entry
            failed.status = 500
            failed.duration = ContinuousClock.now - started
            log.record(failed)
            throw error
        }
        let body = response.body
        let status = response.status.code
        let log = log
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            let count = CountingBodyWriter.Count()
            defer {
                var finished = entry
                finished.status = status
                finished.bytes = count.value
                finished.duration = ContinuousClock.now - started
                log.record(finished)
            }
            try await body.write(CountingBodyWriter(parent: writer, count: count))
        }
        return response
    }
}

/// Passes a response body through, counting its bytes.
private struct CountingBodyWriter: ResponseBodyWriter {
    /// A box, because the writer is consumed by `finish` and the count is read after.
    final class Count {
        var value = 0
    }

    var parent: any ResponseBodyWriter
    let count: Count

    mutating func write(_ buffer: ByteBuffer) async throws {
        count.value += buffer.readableBytes
        try await parent.write(buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await parent.finish(trailingHeaders)
    }
}
