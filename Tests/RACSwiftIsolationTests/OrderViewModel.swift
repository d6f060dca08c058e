import Dispatch
import RACSwift
import RACSwiftTesting

/// An order screen as a RAC 2 port writes it: a submit `Command` and a `ButtonSignal`, whose
/// work closures use the view model's own state and methods with no isolation annotation
/// (CONTRACT.md#isolation: the work of `Command` and `ButtonSignal` follows the rule of every
/// closure). They hold `self` unowned, as RAC 2 code held it weakly: the view model owns the
/// command, so a strong capture would be a cycle.
@MainActor
final class OrderViewModel {
  var basket = ["tea"]
  var submitted: [String] = []
  var workRanOnMain: [Bool] = []
  let button = TestControl()
  /// Set in `init`, once `self` can be captured.
  private(set) var submit: Command<String, String, Never>?
  /// Set in `init`, once `self` can be captured.
  private(set) var quickOrder: ButtonSignal<TestControl, String, Never>?

  init() {
    submit = Command(scheduler: ImmediateScheduler.shared) { [unowned self] note in
      self.recordWork()
      return .just(self.receipt(note))
    }
    quickOrder = ButtonSignal(control: button) { [unowned self] _ in
      self.recordWork()
      return .just(self.receipt("quick"))
    }
  }

  func receipt(_ note: String) -> String { "\(basket.joined(separator: "+")) (\(note))" }

  func recordWork() {
    MainActor.assertIsolated()
    workRanOnMain.append(true)
  }

  func start() -> any Disposable {
    quickOrder!.subscribe(next: { [unowned self] in self.submitted.append($0) })
  }
}
