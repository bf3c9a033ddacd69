import Foundation

/// One tool's reading of one picture, judged against what the picture holds.
struct Trial {
    let sample: Sample
    let quarterTurns: Int
    let reading: Reading

    /// Expected texts among those read.
    var payloadsRead: Int { sample.expected.filter(reading.texts.contains).count }
    /// Distinct texts read that the picture does not hold.
    var falsePayloads: Int { Set(reading.texts).subtracting(sample.expected).count }
    /// Every expected text was read; for a negative, nothing was.
    var passed: Bool { sample.isNegative ? reading.texts.isEmpty : payloadsRead == sample.expected.count }
}

/// A plain-text table: a label column, then one column per tool.
struct Table {
    var tools: [Tool]
    var labelWidth = 40
    var columnWidth = 15

    func header(_ title: String) {
        print(pad(title, labelWidth) + tools.map { pad($0.heading, columnWidth) }.joined())
        print(String(repeating: "-", count: labelWidth + columnWidth * tools.count))
    }

    func row(_ label: String, _ cell: (Tool) -> String) {
        print(pad(label, labelWidth) + tools.map { pad(cell($0), columnWidth) }.joined())
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}

/// "passes/total" over `trials`, where `counts` says what a trial contributes.
func fraction(_ trials: [Trial], _ counts: (Trial) -> (Int, Int)) -> String {
    let (passes, total) = trials.map(counts).reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
    return "\(passes)/\(total)"
}

/// "median / p95" of the trials' times in milliseconds.
func timeCell(_ trials: [Trial]) -> String {
    let times = trials.map { $0.reading.seconds * 1000 }
    guard !times.isEmpty else { return "-" }
    return "\(milliseconds(percentile(times, 0.5))) / \(milliseconds(percentile(times, 0.95)))"
}

/// The trials' times added up, in seconds: what a set costs, misses included.
func totalCell(_ trials: [Trial]) -> String {
    trials.isEmpty ? "-" : String(format: "%.2f s", trials.reduce(0) { $0 + $1.reading.seconds })
}

private func milliseconds(_ value: Double) -> String {
    value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)
}

/// Nearest-rank percentile.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
}
