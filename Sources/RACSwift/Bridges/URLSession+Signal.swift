import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSession {
  /// A cold signal that performs `request` once per subscription and sends the body and the
  /// HTTP response, then completes (the modern form of RAC's
  /// `+[NSURLConnection rac_sendAsynchronousRequest:]`).
  ///
  /// Disposing the subscription before the answer arrives cancels the request. Transport
  /// failures arrive as `URLError`; a response that is not HTTP fails with
  /// `URLError(.badServerResponse)`. Statuses are not judged here: chain
  /// ``Signal/validateStatus(_:)`` to turn unacceptable ones into errors.
  ///
  /// ```swift
  /// let profile = URLSession.shared.signal(for: URLRequest(url: profileURL))
  ///   .validateStatus(200..<300)
  ///   .map { data, _ in data }
  /// ```
  ///
  /// - Important: On Linux (swift-corelibs-foundation), cancelling a task of a session that has
  ///   a `URLCache` can stop the process ("Trying to access a behaviour for a task that in not
  ///   in the registry"); `URLSession.shared` and the `.default` and `.ephemeral`
  ///   configurations all have one. There, disposal only stops delivery and the request runs to
  ///   its end. To have disposal cancel requests on Linux, make the session from a
  ///   configuration without a cache:
  ///
  ///   ```swift
  ///   let configuration = URLSessionConfiguration.default
  ///   configuration.urlCache = nil
  ///   let session = URLSession(configuration: configuration)
  ///   ```
  public func signal(for request: URLRequest) -> Signal<(Data, HTTPURLResponse), URLError> {
    let session = self
    let cancelsOnDisposal = cancelsTasksSafely
    return Signal<(Data, HTTPURLResponse), URLError> { subscriber in
      let answer = RequestAnswer()
      let task = session.dataTask(with: request) { data, response, error in
        answer.arrive()
        if let error {
          subscriber.sendError(error as? URLError ?? URLError(.unknown))
          return
        }
        guard let http = response as? HTTPURLResponse else {
          subscriber.sendError(URLError(.badServerResponse))
          return
        }
        subscriber.sendNext((data ?? Data(), http))
        subscriber.sendCompleted()
      }
      task.resume()
      // A task whose answer arrived is done: cancelling it would only race its clean-up.
      return AnyDisposable { if cancelsOnDisposal, !answer.hasArrived { task.cancel() } }
    }.setName("+urlSession: \(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")")
  }

  /// Whether `cancel()` is safe on this session's tasks. swift-corelibs-foundation looks a data
  /// task's request up in the session's `URLCache` on another queue before it starts loading,
  /// and a cancellation that meets that hand-over can report the task's end after the session
  /// forgot the task, which traps. Without a cache the task starts loading at once.
  var cancelsTasksSafely: Bool {
    #if canImport(FoundationNetworking)
      configuration.urlCache == nil
    #else
      true
    #endif
  }
}

/// Whether a request's completion handler has started; from then on, disposing the
/// subscription leaves the task alone.
private final class RequestAnswer: Sendable {
  private let arrived = Atomic<Bool>(false)

  /// Marks the answer as arrived.
  func arrive() { arrived.store(true, ordering: .releasing) }

  /// Whether ``arrive()`` ran.
  var hasArrived: Bool { arrived.load(ordering: .acquiring) }
}

/// Why an HTTP request signal failed after ``Signal/validateStatus(_:)``.
public enum HTTPSignalError: Error, Sendable {
  /// The request did not complete: no connection, cancelled, timed out…
  case transport(URLError)
  /// The server answered with a status outside the accepted range.
  case unacceptableStatus(code: Int, body: Data)

  /// The status code, for `unacceptableStatus`.
  public var statusCode: Int? {
    if case .unacceptableStatus(let code, _) = self { return code }
    return nil
  }
}

extension Signal where Failure == URLError {
  /// Fails with ``HTTPSignalError/unacceptableStatus(code:body:)`` when the response's status is
  /// outside `acceptable`; transport errors become ``HTTPSignalError/transport(_:)``.
  ///
  /// ```swift
  /// URLSession.shared.signal(for: request).validateStatus(200..<300)
  /// ```
  public func validateStatus<R: RangeExpression & Sendable>(
    _ acceptable: R
  ) -> Signal<(Data, HTTPURLResponse), HTTPSignalError>
  where Value == (Data, HTTPURLResponse), R.Bound == Int {
    mapError { HTTPSignalError.transport($0) }
      .flattenMap { data, response in
        acceptable.contains(response.statusCode)
          ? .just((data, response))
          : .error(.unacceptableStatus(code: response.statusCode, body: data))
      }
  }
}
