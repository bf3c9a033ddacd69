import Hummingbird
import NIOCore
import Synchronization

/// Answers kept as the bytes they were written as, with their tag, under the view they render:
/// a read whose view equals one answered before (a player's progress at the same play version,
/// with the same freebies and notices) is a look-up, not an encoding and a hash. The view is
/// the whole key, so a kept answer is never another state's. Past `capacity` views, everything
/// is forgotten and kept afresh.
final class KeptAnswers<View: Hashable & Encodable & Sendable>: Sendable {
    private let kept = Mutex<[View: (body: ByteBuffer, tag: String)]>([:])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The answer for `view`: its kept bytes and tag, or the view encoded (as every JSON answer
    /// is, ``AppRequestContext/responseEncoder``) and kept.
    func response(for view: View, context: AppRequestContext) throws -> Response {
        let answer: (body: ByteBuffer, tag: String)
        if let found = kept.withLock({ $0[view] }) {
            answer = found
        } else {
            let body = ByteBuffer(data: try context.responseEncoder.encode(view))
            answer = (body, ConditionalGetMiddleware<AppRequestContext>.tag(of: body))
            kept.withLock { kept in
                if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
                kept[view] = answer
            }
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .eTag: answer.tag],
                        body: ResponseBody(byteBuffer: answer.body))
    }
}
