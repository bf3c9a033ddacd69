/// Pearson's chi-square goodness-of-fit, for checking a sampled distribution against a design.
enum ChiSquare {
    /// Σ (observed − expected)² / expected, with expected = total × probability.
    static func statistic(observed: [Int], probabilities: [Double]) -> Double {
        precondition(observed.count == probabilities.count)
        let total = Double(observed.reduce(0, +))
        return zip(observed, probabilities).reduce(0) { sum, pair in
            let expected = total * pair.1
            let difference = Double(pair.0) - expected
            return sum + difference * difference / expected
        }
    }

    /// The 0.999 quantile of the chi-square distribution by degrees of freedom (standard tables):
    /// a correct sampler exceeds it one run in a thousand, so a seeded run that passes stays passing.
    static func criticalValue999(degreesOfFreedom: Int) -> Double {
        let table: [Int: Double] = [
            1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515,
            6: 22.458, 7: 24.322, 8: 26.124, 9: 27.877, 10: 29.588,
        ]
        guard let value = table[degreesOfFreedom] else {
            preconditionFailure("no 0.999 critical value tabulated for \(degreesOfFreedom) degrees of freedom")
        }
        return value
    }
}
