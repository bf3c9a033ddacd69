import Foundation

extension Simulation {
    /// The shortest run of the seed's steps, among those tried, that still breaks the same
    /// invariant: Zeller's delta debugging over the steps up to the failing one. Each try plays
    /// a subset on a fresh store; `tries` bounds the work.
    public func shrink(_ settings: Settings, failure: Violation, tries budget: Int = 400) async -> [Int] {
        var steps = commands(settings).map(\.index).filter { $0 <= failure.step }
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
