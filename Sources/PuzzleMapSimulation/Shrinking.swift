import Foundation

extension Simulation {
    /// The shortest run of the seed's steps, among those tried, that still breaks the same
    /// invariant: a few cheap cuts, then Zeller's delta debugging over the steps up to the
    /// failing one. Each try plays a subset on a fresh store; `tries` bounds the work.
    public func shrink(_ settings: Settings, failure: Violation, tries budget: Int = 400) async -> [Int] {
        let all = commands(settings).filter { $0.index <= failure.step }
        var steps = all.map(\.index)
        var tries = 0
        func stillFails(_ subset: [Int]) async -> Bool {
            tries += 1
            var trial = settings
            trial.only = subset
            do {
                _ = try await run(trial)
                return false
            } catch let violation as Violation {
                return violation.invariant == failure.invariant
            } catch {
                return false
            }
        }
        // Cheap cuts first, each one try: only the steps about the player whose state broke (with
        // the organisers' and the clock's, which are about everyone); then ever shorter tails
        // (a defect usually needs the last few hundred steps, not the first thousand).
        if let player = failure.player {
            let about = all.filter { $0.command.players.isEmpty || $0.command.players.contains(player) }.map(\.index)
            if about.count < steps.count, await stillFails(about) { steps = about }
        }
        var tail = steps.count / 2
        while tail >= 8, tries < budget {
            let shorter = Array(steps.suffix(tail))
            if await stillFails(shorter) { steps = shorter }
            tail /= 2
        }
        var granularity = 2
        while steps.count >= 2, tries < budget {
            let chunk = max(1, steps.count / granularity)
            var reduced = false
            for start in stride(from: 0, to: steps.count, by: chunk) where tries < budget {
                let complement = Array(steps[..<start] + steps[min(start + chunk, steps.count)...])
                if !complement.isEmpty, await stillFails(complement) {
                    steps = complement
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    break
                }
            }
            if !reduced {
                if chunk == 1 { break }
                granularity = min(granularity * 2, steps.count)
            }
        }
        return steps
    }
}
