import Foundation
import RACSwift
import RACSwiftTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A Swift 6 consumer written the way an app writes one (issue 7): a main-actor view model that
/// binds a command to a button, delivers the command's state on the main scheduler and awaits a
/// request's values — no `@preconcurrency`, no `@unchecked Sendable`, no `nonisolated(unsafe)`;
/// the CI build compiles it with warnings as errors.
@MainActor
final class OrderViewModel {
  /// The order button's action.
  let submit: Command<TestControl, String, URLError>
  /// What the view shows, most recent last.
  private(set) var statusLog: [String] = []
  private var subscriptions: [any Disposable] = []

  init(button: TestControl, order: @escaping @Sendable () -> Signal<String, URLError>) {
    submit = Command(scheduler: MainScheduler.shared) { _ in order() }
    subscriptions.append(button.bind(submit))
    // Subscribed on the main actor: the handler is main-actor code, touching `self` freely.
    subscriptions.append(
      submit.executing.deliver(on: MainScheduler.shared).subscribe(next: { [weak self] running in
        self?.statusLog.append(running ? "sending" : "idle")
      }))
  }

  /// Submits an order from `button` and waits for its receipt.
  func placeOrder(from button: TestControl) async throws(CommandError<URLError>) -> String {
    var receipt = ""
    for try await body in submit.execute(button).values { receipt = body }
    return receipt
  }

  /// Ends the view model's subscriptions.
  func stop() {
    for subscription in subscriptions { subscription.dispose() }
  }
}

@Suite("A Swift 6 main-actor consumer", .checksLiveSubscriptions)
struct ViewModelConsumerTests {
  @MainActor
  @Test(
    "a @MainActor view model binds a command, shows its state on the main scheduler, awaits values",
    .timeLimit(.minutes(1)))
  func mainActorViewModel() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: Data("receipt".utf8)) }
    defer { server.stop() }
    let session = URLSession(configuration: .ephemeral)
    let url = server.url("/order")
    let button = TestControl()
    let model = OrderViewModel(button: button) {
      session.signal(for: URLRequest(url: url)).map { String(decoding: $0.0, as: UTF8.self) }
    }
    let receipt = try await model.placeOrder(from: button)
    #expect(receipt == "receipt")
    #expect(server.hitCount("/order") == 1)
    // The state reaches the view on the main queue, after the execution.
    while model.statusLog.count < 3 { await Task.yield() }
    #expect(model.statusLog == ["idle", "sending", "idle"])
    #expect(button.isEnabled)
    model.stop()
  }
}
