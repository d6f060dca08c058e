import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSession {
  /// A cold signal that performs `request` once per subscription and sends the body and the
  /// HTTP response, then completes (the modern form of RAC's
  /// `+[NSURLConnection rac_sendAsynchronousRequest:]`).
  ///
  /// Disposing the subscription cancels the request. Transport failures arrive as `URLError`;
  /// a response that is not HTTP fails with `URLError(.badServerResponse)`. Statuses are not
  /// judged here: chain ``Signal/validateStatus(_:)`` to turn unacceptable ones into errors.
  ///
  /// ```swift
  /// let profile = URLSession.shared.signal(for: URLRequest(url: profileURL))
  ///   .validateStatus(200..<300)
  ///   .map { data, _ in data }
  /// ```
  public func signal(for request: URLRequest) -> Signal<(Data, HTTPURLResponse), URLError> {
    let session = self
    return Signal<(Data, HTTPURLResponse), URLError> { subscriber in
      let task = session.dataTask(with: request) { data, response, error in
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
      return AnyDisposable { task.cancel() }
    }.setName("+urlSession: \(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")")
  }
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
