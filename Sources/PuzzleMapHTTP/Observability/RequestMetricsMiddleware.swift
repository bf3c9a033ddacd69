import Hummingbird

/// Counts and times every request by route, method and status, and counts refusals by a
/// limit. It sits inside ``ProblemMiddleware`` so it sees the problem itself, with its code,
/// before it becomes an answer.
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let metrics: HuntMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context, status: response.status.code, since: start)
            return response
        } catch {
            let status: HTTPResponse.Status
            if let problem = Problem.explaining(error) {
                if problem.status == .tooManyRequests { metrics.rateLimited(code: problem.code.rawValue) }
                status = problem.status
            } else {
                status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            }
            record(request, context, status: status.code, since: start)
            throw error
        }
    }

    private func record(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        metrics.request(route: context.endpointPath ?? "unmatched", method: "\(request.method)", status: status,
                        nanoseconds: (ContinuousClock.now - start).wholeNanoseconds)
    }
}
