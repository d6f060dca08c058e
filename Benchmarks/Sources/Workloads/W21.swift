import OpenCombine
import RACSwift

// W21: W11's churn beside a standing subscriber. A subject keeps one subscriber throughout (a
// view model's property that its view observes); N times: subscribe a second one, send one
// value (to both), dispose the second from outside its handler. Each round changes the
// subject's subscribers from one to two and back, so each send after a change refreshes the
// list a subject delivers to: the work W11 does with one subscriber, here with several, which
// many threads may do at once on subjects of their own (`WORKLOAD_RUNNER_THREADS`).
let w21 = Workload(
  id: "W21", title: "live churn beside a standing subscriber", unit: "round", count: 100_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = Subject<Int, Never>()
      let standing = subject.subscribe(next: { sum.count &+= $0 })
      meter.start()
      for value in 0..<n {
        let subscription = subject.subscribe(next: { sum.value &+= $0 })
        subject.sendNext(value)
        subscription.dispose()
      }
      meter.stop()
      standing.dispose()
      return sum.value &+ sum.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let subject = PassthroughSubject<Int, Never>()
      let standing = subject.sink { sum.count &+= $0 }
      meter.start()
      for value in 0..<n {
        let cancellable = subject.sink { sum.value &+= $0 }
        subject.send(value)
        cancellable.cancel()
      }
      meter.stop()
      standing.cancel()
      return sum.value &+ sum.count
    },
  ])
