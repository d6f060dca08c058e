import Workloads

// W8's live heap bytes per subscription, measured with mallinfo2() in a process without the
// benchmark tool's malloc interposer (which adds a header to every allocation). Prints
// "W8 <library> <bytes per subscription>" lines for report.py.
for (name, measure) in [("RACSwift", W8.racSwift), ("OpenCombine", W8.openCombine)] {
  var samples: [Int] = []
  for _ in 0..<5 { samples.append(measure(W8.count, .none)) }
  let median = samples.sorted()[samples.count / 2]
  print("W8 \(name) \(Double(median) / Double(W8.count))")
}
