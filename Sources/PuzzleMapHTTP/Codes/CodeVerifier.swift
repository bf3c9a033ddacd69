import PuzzleMapCore
import PuzzleMapStorage

/// Turns scanned or typed text into the thing it names, or into the answer that explains why not.
public struct CodeVerifier: Sendable {
    let signer: TagSigner
    let repository: any HuntRepository

    public init(services: HuntServices) {
        signer = TagSigner(secrets: services.secrets)
        repository = services.repository
    }

    /// The first genuine code of `purpose` among the texts a photo or a form carried, and
    /// what it names; else the most telling refusal (a forged code of ours says more than
    /// someone else's QR in the same picture). No text at all is `no_code_found`.
    public func first<Subject: Sendable>(
        in texts: [String], expecting purpose: TagPurpose, resolve: (TagPayload) async throws -> Subject
    ) async throws -> Subject {
        var refusal: Problem?
        for text in texts {
            do {
                let payload: TagPayload
                do {
                    payload = try signer.verify(text, expecting: purpose)
                } catch {
                    throw Self.problem(for: error)
                }
                return try await resolve(payload)
            } catch let problem as Problem {
                if refusal == nil || refusal?.code == "not_a_puzzle_map_code" { refusal = problem }
            }
        }
        throw refusal ?? Problem.noCodeFound
    }

    /// How many texts look like our codes but fail their signature: guesses, or codes altered
    /// on purpose. Old stickers, codes of another kind and other people's QR codes are not.
    public func forgeries(in texts: [String]) -> Int {
        texts.count { text in
            do throws(TagError) {
                _ = try signer.verify(text)
                return false
            } catch {
                return error == .invalidSignature
            }
        }
    }

    /// The first genuine and current checkpoint among the texts.
    public func checkpoint(in texts: [String]) async throws -> StoredCheckpoint {
        try await first(in: texts, expecting: .checkpoint) { payload in
            guard let checkpoint = try await repository.checkpoint(number: Int(payload.subject)), !checkpoint.isRetired else {
                throw Self.problem(for: .unknownSubject)
            }
            guard payload.isCurrent(checkpoint.tagVersion) else {
                throw Self.problem(for: .retired(current: checkpoint.tagVersion, presented: payload.version))
            }
            return checkpoint
        }
    }

    /// The checkpoint a checkpoint code names, if the code is genuine and current.
    public func checkpoint(from text: String) async throws -> StoredCheckpoint {
        try await checkpoint(in: [text])
    }

    /// The answer for each way a code can be refused.
    public static func problem(for error: TagError) -> Problem {
        switch error {
        case .notAPuzzleMapCode:
            Problem(.unprocessableContent, code: "not_a_puzzle_map_code",
                    detail: "That code was not made by Puzzle Map.",
                    hint: "Look for the Puzzle Map sticker at the place and scan the code on it, or type the code printed under it.")
        case .invalidSignature, .unknownSubject:
            Problem(.unprocessableContent, code: "invalid_code",
                    detail: "That code does not check out: it may be mistyped or altered.",
                    hint: "Type the code again exactly as printed (letters and digits, dashes optional), or scan the sticker instead.")
        case .wrongPurpose(let expected, let found):
            Problem(.unprocessableContent, code: "wrong_code_kind",
                    detail: "That is a \(found.noun), not a \(expected.noun).",
                    hint: "Scan the \(expected.noun) instead.")
        case .retired:
            Problem(.gone, code: "code_retired",
                    detail: "That code was replaced by a new one.",
                    hint: "Photograph the sticker at the place itself: photos of old codes shared online no longer count.")
        }
    }
}
