import Hummingbird

/// Counts and times every request by route, method and status, and counts refusals by a
/// limit. It sits inside ``ProblemMiddleware`` so it sees the problem itself, with its code,
/// before it becomes an answer.
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let metrics: HuntMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let status: Int
        do {
            let response = try await next(request, context)
            status = response.status.code
            record(request, context, status: status, since: start)
            return response
        } catch let error where Problem.explaining(error) != nil {
            let problem = Problem.explaining(error)!
            if problem.status == .tooManyRequests { metrics.rateLimited(code: problem.code) }
            record(request, context, status: problem.status.code, since: start)
            throw error
        } catch let error as any HTTPResponseError {
            record(request, context, status: error.status.code, since: start)
            throw error
        } catch {
            record(request, context, status: 500, since: start)
            throw error
        }
    }

    private func record(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        metrics.request(route: context.endpointPath ?? "unmatched", method: "\(request.method)", status: status,
                        nanoseconds: (ContinuousClock.now - start).wholeNanoseconds)
    }
}
