import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and a free port, for RACSwift's tests and demo: it
/// counts requests per path, can hold a response open until released, and notices when a client
/// hangs up on a held response — what a test of "disposal cancels the request" needs to see.
///
/// One thread accepts connections; each connection is served on its own thread (one request
/// per connection, `Connection: close`).
public final class LoopbackHTTPServer: @unchecked Sendable {
  /// A request as the server saw it.
  public struct Request: Sendable {
    /// `GET`, `POST`, …
    public let method: String
    /// The path, with any query.
    public let path: String
  }

  /// What to answer.
  public enum Reply: Sendable {
    /// Answer at once.
    case respond(status: Int, body: Data)
    /// Keep the connection open until `release(_:)` is called with this name (then answer), or
    /// the client hangs up.
    case hold(name: String, status: Int, body: Data)
  }

  // Lock discipline: every `var` below is read and written with `lock` held.
  private let lock = NSCondition()
  private var hits: [String: Int] = [:]
  private var released: Set<String> = []
  private var hangUps: [String: Int] = [:]
  private var stopped = false
  private var closed = false
  private let listener: Int32
  private let route: @Sendable (Request) -> Reply

  /// The port the server listens on.
  public let port: Int

  /// Starts a server answering each request with `route(request)`.
  public init(route: @escaping @Sendable (Request) -> Reply) throws {
    self.route = route
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0, listen(descriptor, 64) == 0 else {
      close(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    listener = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "LoopbackHTTPServer"
    thread.start()
  }

  /// `http://127.0.0.1:<port><path>`.
  public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// How many requests arrived for `path`.
  public func hitCount(_ path: String) -> Int { lock.withLock { hits[path, default: 0] } }

  /// Answers the held response named `name` (now, or as soon as its request arrives).
  public func release(_ name: String) {
    lock.withLock {
      released.insert(name)
      lock.broadcast()
    }
  }

  /// Waits until a client has hung up on the held response named `name`, or `timeout` passes;
  /// returns whether it happened.
  public func waitForHangUp(_ name: String, timeout: TimeInterval = 10) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    return lock.withLock {
      while hangUps[name, default: 0] == 0 {
        if !lock.wait(until: deadline) { return false }
      }
      return true
    }
  }

  /// Stops accepting connections; later calls do nothing. Only the accepting thread closes the
  /// listening descriptor, once, after its last `accept`: closing it from here could let that
  /// `accept` run on a descriptor number the process has meanwhile reused for another socket.
  public func stop() {
    let wasStopped = lock.withLock {
      defer { stopped = true }
      return stopped
    }
    if !wasStopped { shutdown(listener, Int32(SHUT_RDWR)) }
  }

  /// Whether the server still listens: `false` once ``stop()`` has taken effect and the port is
  /// closed.
  public var isAccepting: Bool { lock.withLock { !closed } }

  private func acceptLoop() {
    defer {
      close(listener)
      lock.withLock { closed = true }
    }
    while true {
      let connection = accept(listener, nil, nil)
      if lock.withLock({ stopped }) {
        if connection >= 0 { close(connection) }
        return
      }
      if connection < 0 { continue }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = readRequest(connection) else { return }
    lock.withLock { hits[request.path, default: 0] += 1 }
    switch route(request) {
    case .respond(let status, let body):
      write(status: status, body: body, to: connection)
    case .hold(let name, let status, let body):
      if waitForRelease(name, connection: connection) {
        write(status: status, body: body, to: connection)
      } else {
        lock.withLock {
          hangUps[name, default: 0] += 1
          lock.broadcast()
        }
      }
    }
  }

  /// Waits for `release(name)`; returns `false` if the client hung up first.
  private func waitForRelease(_ name: String, connection: Int32) -> Bool {
    while true {
      let isReleased = lock.withLock {
        if released.contains(name) { return true }
        _ = lock.wait(until: Date(timeIntervalSinceNow: 0.02))
        return released.contains(name)
      }
      if isReleased { return true }
      if clientHungUp(connection) { return false }
    }
  }

  private func clientHungUp(_ connection: Int32) -> Bool {
    var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0
  }

  private func readRequest(_ connection: Int32) -> Request? {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while received.range(of: Data("\r\n\r\n".utf8)) == nil {
      let count = recv(connection, &buffer, buffer.count, 0)
      if count <= 0 { return nil }
      received.append(contentsOf: buffer[0..<count])
    }
    guard let head = String(data: received, encoding: .utf8)?.split(separator: "\r\n").first
    else { return nil }
    let parts = head.split(separator: " ")
    guard parts.count >= 2 else { return nil }
    return Request(method: String(parts[0]), path: String(parts[1]))
  }

  private func write(status: Int, body: Data, to connection: Int32) {
    let head =
      "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\n"
      + "Content-Length: \(body.count)\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n"
    let bytes = Data(head.utf8) + body
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        #if canImport(Glibc)
          let sent = send(
            connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        #else
          let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, 0)
        #endif
        if sent <= 0 { return }
        offset += sent
      }
    }
  }
}
