import Hummingbird
import NIOCore
import Synchronization

/// Answers kept as the bytes they were written as, with their tag, under the view they render:
/// a read whose view equals one answered before (a player's progress at the same play version,
/// with the same freebies and notices) is a look-up, not an encoding and a hash. The view is
/// the whole key, so a kept answer is never another state's.
///
/// What is kept is bounded by the bytes of its bodies, in two generations: answers are kept in
/// the newer one; when it holds half the budget it becomes the older and the older is
/// forgotten, and an answer found in the older is kept in the newer again. So the answers read
/// since the last turn stay, whichever they are, and nothing is scanned to choose what to drop.
final class KeptAnswers<View: Hashable & Encodable & Sendable>: Sendable {
    fileprivate struct Generations {
        var newer: [Keyed: Answer] = [:]
        var older: [Keyed: Answer] = [:]
        var newerBytes = 0
        var olderBytes = 0
    }
    fileprivate struct Answer {
        var body: ByteBuffer
        var tag: String
    }
    /// A view with its hash worked out once, before the lock is taken: inside it, finding the
    /// view costs a look-up of that number and, when found, one comparison.
    fileprivate struct Keyed: Hashable {
        let view: View
        let hash: Int

        init(_ view: View) {
            self.view = view
            hash = view.hashValue
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        static func == (a: Keyed, b: Keyed) -> Bool {
            a.hash == b.hash && a.view == b.view
        }
    }

    private let kept = Mutex(Generations())
    private let answered = Atomic<Int>(0)
    private let encoded = Atomic<Int>(0)
    /// The bytes of bodies kept at most, both generations together.
    let budget: Int

    init(budgetBytes: Int) {
        budget = budgetBytes
    }

    /// The answer for `view`: its kept bytes and tag, or the view encoded (as every JSON answer
    /// is, ``AppRequestContext/responseEncoder``) and kept.
    func response(for view: View, context: AppRequestContext) throws -> Response {
        let answer: Answer
        let view = Keyed(view)
        if let (found, forgotten) = kept.withLock({ $0.find(view, budget: budget) }) {
            answered.add(1, ordering: .relaxed)
            answer = found
            _ = consume forgotten
        } else {
            encoded.add(1, ordering: .relaxed)
            let body = ByteBuffer(data: try context.responseEncoder.encode(view.view))
            answer = Answer(body: body, tag: ConditionalGetMiddleware<AppRequestContext>.tag(of: body))
            let forgotten = kept.withLock { $0.keep(answer, for: view, budget: budget) }
            _ = consume forgotten
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .eTag: answer.tag],
                        body: ResponseBody(byteBuffer: answer.body))
    }

    /// How the kept answers served, for `/metrics`.
    var figures: KeptAnswerFigures {
        let (views, bytes) = kept.withLock { ($0.newer.count + $0.older.count, $0.newerBytes + $0.olderBytes) }
        return KeptAnswerFigures(answered: answered.load(ordering: .relaxed), encoded: encoded.load(ordering: .relaxed),
                                 views: views, bytes: bytes)
    }
}

extension KeptAnswers.Generations {
    /// The answer kept for `view`, and the generation forgotten if finding it turned them.
    mutating func find(_ view: KeptAnswers.Keyed, budget: Int) -> (KeptAnswers.Answer, forgotten: [KeptAnswers.Keyed: KeptAnswers.Answer])? {
        if let answer = newer[view] { return (answer, [:]) }
        guard let answer = older.removeValue(forKey: view) else { return nil }
        olderBytes -= answer.body.readableBytes
        return (answer, keep(answer, for: view, budget: budget))
    }

    /// Keeps `answer` in the newer generation, and returns the generation forgotten to make
    /// room, to be let go outside the lock (freeing thousands of answers takes a while).
    mutating func keep(_ answer: KeptAnswers.Answer, for view: KeptAnswers.Keyed, budget: Int) -> [KeptAnswers.Keyed: KeptAnswers.Answer] {
        var forgotten: [KeptAnswers.Keyed: KeptAnswers.Answer] = [:]
        // An answer larger than a generation is not kept (with no budget, none is).
        guard answer.body.readableBytes <= budget / 2 else { return forgotten }
        if newerBytes + answer.body.readableBytes > budget / 2 {
            forgotten = older
            older = newer
            olderBytes = newerBytes
            newer = [:]
            newerBytes = 0
        }
        if let replaced = newer.updateValue(answer, forKey: view) { newerBytes -= replaced.body.readableBytes }
        newerBytes += answer.body.readableBytes
        return forgotten
    }
}

/// Requests answered from kept bytes and those encoded afresh, and what is kept now.
struct KeptAnswerFigures: Sendable {
    var answered: Int
    var encoded: Int
    var views: Int
    var bytes: Int
}
