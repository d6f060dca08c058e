import Foundation
import RACSwift
import RACSwiftTesting
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Scenario {
  /// A network request: cold, shared with `replay()`, and cancelled by disposal.
  static let multicast = Scenario(
    name: "multicast",
    title: "Sharing one network request between subscribers, and cancelling one by disposal",
    source: """
      From ReactiveCocoa 2: -replay and RACMulticastConnection, as the Meituan article \
      "RACSignal的Subscription深入分析" (RACSignal's subscription, analysed in depth) explains \
      them, and cancelling work by disposal, from RAC's Design Guidelines.
      """,
    article: "ColdHotAndShared",
    narration: """
      A request signal is cold: each subscription sends its own request, so two subscribers \
      send the server two requests for /profile. The server counts the requests for each path \
      and numbers its responses path by path (the story waits for each response before the \
      next step, so the numbers come out the same every run). replay() \
      subscribes once, at once, and replays the one response to every subscriber, however \
      late. Disposing a subscription while the request is in flight cancels it: the server \
      sees the client hang up. The server is a real HTTP server on a free loopback port, \
      started for this scenario.
      """,
    code: """
      let profile = session.signal(for: URLRequest(url: server.url("/profile")))
      profile.subscribe(…); profile.subscribe(…)    // two requests
      let shared = session.signal(for: …"/shared").replay()   // one request, now
      shared.subscribe(…); shared.subscribe(…)      // both get response #1
      let held = session.signal(for: …"/held").subscribe(…)
      held.dispose()                                // the request is cancelled
      """,
    labels: [
      (
        "1, 2",
        "the number of the response (response #1, #2): the server numbers each path's "
          + "responses on their own"
      )
    ],
    run: { stage in
      let numbering = Mutex<[String: Int]>([:])
      let server: LoopbackHTTPServer
      do {
        server = try LoopbackHTTPServer { request in
          if request.path == "/held" {
            return .hold(name: "held", status: 200, body: Data("late".utf8))
          }
          let number = numbering.withLock { counts in
            counts[request.path, default: 0] += 1
            return counts[request.path]!
          }
          return .respond(status: 200, body: Data("response #\(number)".utf8))
        }
      } catch {
        return .check(false, "", failure: "could not start the loopback server: \(error)")
      }
      defer { server.stop() }
      stage.log("server listening on 127.0.0.1:\(server.port)")
      // No URLCache: on Linux, only then does disposal cancel a request (see
      // `URLSession.signal(for:)`).
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      let session = URLSession(configuration: configuration)
      defer { session.invalidateAndCancel() }
      func request(_ path: String) -> Signal<String, URLError> {
        session.signal(for: URLRequest(url: server.url(path))).map {
          String(decoding: $0.0, as: UTF8.self)
        }
      }
      let number: (String) -> String = { $0.filter(\.isNumber) }

      // The two cold subscriptions, one step apart: each waits for its response, so which one
      // the server answers first never varies.
      let profile = request("/profile")
      var cold: [RecordedEvents<String, URLError>] = []
      for (index, ordinal) in ["1st", "2nd"].enumerated() {
        if index > 0 { stage.step() }
        let recorded = stage.record("profile, \(ordinal)", profile, label: number)
        guard stage.wait(until: { recorded.isTerminated }) else {
          return .check(
            false, "",
            failure: "the \(ordinal) cold request did not finish in \(Stage.waitLimitText)")
        }
        cold.append(recorded)
        stage.log(
          "the \(ordinal) subscription to the cold request sent its own request and got "
            + "\(phrase(recorded.values.map(quoted))); "
            + requestsSoFar(server.hitCount("/profile"), "/profile"))
      }

      stage.step()
      let shared = request("/shared").replay()
      let early = stage.record("replay, 1st", shared, label: number)
      guard stage.wait(until: { early.isTerminated }) else {
        return .check(
          false, "", failure: "the replayed request did not finish in \(Stage.waitLimitText)")
      }
      stage.log(
        "replay() subscribed once, at once; its first subscriber got "
          + "\(phrase(early.values.map(quoted))); "
          + requestsSoFar(server.hitCount("/shared"), "/shared"))
      stage.step()
      let late = stage.record("replay, late", shared, label: number)
      // Replayed at subscription — or, if the thread that delivered the response is still
      // leaving the subject, right after it (deliveries to one subject never overlap).
      guard stage.wait(until: { late.isTerminated }) else {
        return .check(
          false, "", failure: "the late subscriber got no replay in \(Stage.waitLimitText)")
      }
      stage.log(
        "a late subscriber got \(phrase(late.values.map(quoted))), replayed; "
          + requestsSoFar(server.hitCount("/shared"), "/shared", still: true))

      stage.step()
      let held = stage.record("held request", request("/held"), label: number)
      guard stage.wait(until: { server.hitCount("/held") == 1 }) else {
        return .check(false, "", failure: "the held request never reached the server")
      }
      stage.log("the held request reached the server and waits for its response")
      stage.step()
      held.dispose()
      let hungUp = server.waitForHangUp("held")
      stage.log(
        hungUp
          ? "disposed the subscription: the server saw the client hang up"
          : "disposed the subscription, but the server did not see the client hang up")
      server.release("held")

      let coldHits = server.hitCount("/profile")
      let sharedHits = server.hitCount("/shared")
      return .check(
        coldHits == 2 && cold.map(\.values) == [["response #1"], ["response #2"]]
          && sharedHits == 1
          && early.values == ["response #1"] && late.values == ["response #1"] && hungUp
          && held.values.isEmpty && held.disposalTime != nil,
        "cold: " + unbroken(counted(cold.count, "subscriber")) + ", "
          + unbroken("\(counted(coldHits, "request")) for /profile") + "; replay(): "
          + unbroken(counted([early, late].count, "subscriber")) + ", "
          + unbroken("\(counted(sharedHits, "request")) for /shared")
          + "; disposal cancelled the request in flight: the server saw the client hang up",
        failure: "requests for /profile \(coldHits), for /shared \(sharedHits); hang-up seen: "
          + "\(hungUp)")
    })
}

/// How many requests for `path` the server has answered so far, kept on one line:
/// "requests for /profile so far: 2" (`still`: "requests for /shared so far: still 1").
private func requestsSoFar(_ count: Int, _ path: String, still: Bool = false) -> String {
  unbroken("requests for \(path) so far: \(still ? "still " : "")\(count)")
}
