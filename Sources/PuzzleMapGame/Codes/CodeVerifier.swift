import PuzzleMapCore
import PuzzleMapStorage

/// Turns scanned or typed text into the thing it names, or into the refusal that explains why not.
public struct CodeVerifier: Sendable {
    let signer: TagSigner
    let repository: any HuntRepository

    public init(secrets: ServiceSecrets, repository: any HuntRepository) {
        signer = TagSigner(secrets: secrets)
        self.repository = repository
    }

    /// The first genuine code of `purpose` among the texts a photo or a form carried, and
    /// what `resolve` makes of it; else the most telling refusal (a forged code of ours says
    /// more than someone else's QR in the same picture). No text at all is `noCodeFound`.
    public func first<Subject: Sendable>(
        in texts: [String], expecting purpose: TagPurpose, resolve: (TagPayload) async throws -> Subject
    ) async throws -> Subject {
        var refusal: (any Error)?
        for text in texts {
            do {
                return try await resolve(try payload(in: text, expecting: purpose))
            } catch {
                if refusal == nil || (refusal as? GameRefusal) == .notAPuzzleMapCode { refusal = error }
            }
        }
        throw refusal ?? GameRefusal.noCodeFound
    }

    private func payload(in text: String, expecting purpose: TagPurpose) throws(GameRefusal) -> TagPayload {
        do {
            return try signer.verify(text, expecting: purpose)
        } catch {
            throw GameRefusal(error)
        }
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

    /// Whether `text` is a code this service signed (a sticker, a friend's or a voucher's):
    /// what a photo's reader looks for past the other codes in the frame (a poster's, a
    /// ticket's), so the sticker beside them is still found.
    public func isGenuine(_ text: String) -> Bool {
        do throws(TagError) {
            _ = try signer.verify(text)
            return true
        } catch {
            return false
        }
    }

    /// The first genuine and current checkpoint among the texts.
    public func checkpoint(in texts: [String]) async throws -> StoredCheckpoint {
        try await first(in: texts, expecting: .checkpoint) { payload in
            guard let checkpoint = try await repository.checkpoint(number: Int(payload.subject)) else { throw GameRefusal.invalidCode }
            guard !checkpoint.isRetired else { throw GameRefusal.placeRetired }
            guard payload.isCurrent(checkpoint.tagVersion) else { throw GameRefusal.codeRetired }
            return checkpoint
        }
    }

    /// The checkpoint a checkpoint code names, if the code is genuine and current.
    public func checkpoint(from text: String) async throws -> StoredCheckpoint {
        try await checkpoint(in: [text])
    }
}

extension Hunt {
    /// Verifies codes against this hunt's keys and checkpoints.
    public var codes: CodeVerifier { CodeVerifier(secrets: secrets, repository: repository) }
}
