public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and a free port, to test code that makes requests — a
/// `URLSession` signal — against a real socket, without the network.
///
/// Give it a route: a function from each ``Request`` to its ``Reply`` (``init(route:)``), or
/// replies by path (``init(routes:)``). It records every request (``requests``,
/// ``hitCount(_:)``), can hold a reply until the test releases it (``Reply/held(until:)``,
/// ``release(_:)``), and notices when a client hangs up on a held reply
/// (``waitForHangUp(_:timeout:)``) — what a test of "disposing the subscription cancels the
/// request" needs to see.
///
/// ```swift
/// struct Profile: Codable, Equatable { var name: String }
///
/// @Test func profileLoads() async throws {
///   let server = try LoopbackHTTPServer(routes: ["/profile": .json(Profile(name: "Ada"))])
///   let profile = URLSession(configuration: .ephemeral)
///     .signal(for: URLRequest(url: server.url("/profile")))
///     .map { data, _ in try? JSONDecoder().decode(Profile.self, from: data) }
///   #expect(try await profile.first() == Profile(name: "Ada"))
///   #expect(server.hitCount("/profile") == 1)
/// }
/// ```
///
/// The server stops when ``stop()`` is called or when the last reference to it goes away. One
/// thread accepts connections; each connection is served on its own thread, one request per
/// connection (`Connection: close`).
public final class LoopbackHTTPServer: Sendable {
  // The state lives in `core`, which the server's threads hold, so that this object can go
  // away (and stop the server) while they run.
  private let core: Core

  /// The port the server listens on.
  public let port: Int

  /// Starts a server answering each request with what `route` returns for it. A route that
  /// throws answers `500 Internal Server Error`, the error's description as the body.
  ///
  /// ```swift
  /// let server = try LoopbackHTTPServer { request in
  ///   switch (request.method, request.path) {
  ///   case ("GET", "/user/42"): try .json(["name": "Ada"])
  ///   case ("POST", "/login"): request.header("Authorization") == nil ? .status(401) : .text("ok")
  ///   default: .notFound
  ///   }
  /// }
  /// ```
  ///
  /// Throws a `POSIXError` if no socket can be opened.
  public init(route: @escaping @Sendable (Request) throws -> Reply) throws {
    core = try Core(route: route)
    port = core.port
  }

  /// Starts a server answering each path in `routes` with its reply, and `404 Not Found` for
  /// every other path. A path with a query matches its own entry if there is one, else the entry
  /// for the path without the query.
  ///
  /// ```swift
  /// let server = try LoopbackHTTPServer(routes: [
  ///   "/profile": try .json(["name": "Ada"]),
  ///   "/avatar": .status(500),
  ///   "/slow": .text("late").held(until: "slow"),
  /// ])
  /// ```
  public convenience init(routes: [String: Reply]) throws {
    try self.init { request in
      routes[request.path] ?? routes[request.pathWithoutQuery] ?? .notFound
    }
  }

  deinit { core.stop() }

  /// The address of the server: `http://127.0.0.1:<port>`.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// `http://127.0.0.1:<port><path>`; `path` starts with `/` and may carry a query.
  ///
  /// ```swift
  /// URLRequest(url: server.url("/search?q=ada"))
  /// ```
  public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// Every request received so far, in the order they arrived.
  ///
  /// ```swift
  /// #expect(server.requests.map(\.method) == ["POST"])
  /// ```
  public var requests: [Request] { core.receivedRequests }

  /// How many requests arrived for `path` (compared with ``Request/path``, query included).
  ///
  /// ```swift
  /// #expect(server.hitCount("/profile") == 1)
  /// ```
  public func hitCount(_ path: String) -> Int { core.hitCount(path) }

  /// Answers the replies held until `name` (see ``Reply/held(until:)``): those waiting now, and
  /// every later one.
  ///
  /// ```swift
  /// server.release("slow")
  /// ```
  public func release(_ name: String) { core.release(name) }

  /// Waits until a client has hung up on a reply held until `name`, or `timeout` seconds pass;
  /// returns whether it happened. It blocks the calling thread: from async code, call it from a
  /// detached task. On Linux, disposing a `URLSession` signal cancels its request only for a
  /// session without a `URLCache` (see `URLSession.signal(for:)`): test with one.
  ///
  /// ```swift
  /// subscription.dispose()
  /// let hungUp = await Task.detached { server.waitForHangUp("slow") }.value
  /// ```
  public func waitForHangUp(_ name: String, timeout: TimeInterval = 10) -> Bool {
    core.waitForHangUp(name, timeout: timeout)
  }

  /// Stops accepting connections; later calls do nothing. Replies already being written finish.
  ///
  /// ```swift
  /// let server = try LoopbackHTTPServer(routes: [:])
  /// defer { server.stop() }
  /// ```
  public func stop() { core.stop() }

  /// Whether the server still listens: `false` once ``stop()`` has taken effect and the port is
  /// closed, so a request to it fails.
  ///
  /// ```swift
  /// server.stop()
  /// while server.isAccepting { await Task.yield() }
  /// ```
  public var isAccepting: Bool { core.isAccepting }
}

extension LoopbackHTTPServer {
  /// A request as the server received it.
  ///
  /// ```swift
  /// let server = try LoopbackHTTPServer { request in
  ///   request.method == "POST" && request.text == "name=ada" ? .status(201) : .status(400)
  /// }
  /// ```
  public struct Request: Sendable, Equatable {
    /// The method: `GET`, `POST`, …
    public let method: String
    /// The path as sent, with its query if it has one: `/search?q=ada`.
    public let path: String
    /// The header fields, with their names as the client sent them (see ``header(_:)``).
    public let headers: [String: String]
    /// The body: empty for a request without one. Bodies sent with a `Content-Length` or in
    /// chunks are read whole.
    public let body: Data

    /// A request with these parts — to call a route function directly.
    ///
    /// ```swift
    /// let route: @Sendable (LoopbackHTTPServer.Request) throws -> LoopbackHTTPServer.Reply = …
    /// try route(.init(method: "GET", path: "/profile")).status  // 200
    /// ```
    public init(method: String, path: String, headers: [String: String] = [:], body: Data = Data())
    {
      self.method = method
      self.path = path
      self.headers = headers
      self.body = body
    }

    /// The path without its query: `/search` for `/search?q=ada`.
    public var pathWithoutQuery: String {
      path.firstIndex(of: "?").map { String(path[..<$0]) } ?? path
    }

    /// The items of the query: `[q: ada]` for `/search?q=ada`, percent-decoded.
    ///
    /// ```swift
    /// request.queryItems.first { $0.name == "q" }?.value  // "ada"
    /// ```
    public var queryItems: [URLQueryItem] {
      URLComponents(string: path)?.queryItems ?? []
    }

    /// The value of the header field `name`, whatever its case: `header("content-type")` finds
    /// `Content-Type`.
    ///
    /// ```swift
    /// request.header("Authorization") == "Bearer token"
    /// ```
    public func header(_ name: String) -> String? {
      if let value = headers[name] { return value }
      let lowercased = name.lowercased()
      return headers.first { $0.key.lowercased() == lowercased }?.value
    }

    /// The body decoded as UTF-8.
    public var text: String { String(decoding: body, as: UTF8.self) }
  }
}

extension LoopbackHTTPServer {
  /// What the server answers to a request: a status, header fields and a body, sent at once or
  /// held until the test releases it.
  ///
  /// ```swift
  /// .text("hello")                          // 200, text/plain
  /// try .json(["name": "Ada"], status: 201)  // 201, application/json
  /// .status(404)                            // no body
  /// .text("late").held(until: "slow")       // sent after server.release("slow")
  /// ```
  public struct Reply: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields to send. `Content-Length` and `Connection` are always set by the server;
    /// `Content-Type` is `text/plain; charset=utf-8` unless given here.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// The name the reply is held until, if it is held (see ``held(until:)``).
    public var heldUntil: String?

    /// A reply with this status, header fields and body, sent at once.
    ///
    /// ```swift
    /// LoopbackHTTPServer.Reply(status: 200, headers: ["ETag": "v2"], body: Data("hi".utf8))
    /// ```
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
      self.status = status
      self.headers = headers
      self.body = body
      self.heldUntil = nil
    }

    /// A reply with this status and body, sent at once.
    ///
    /// ```swift
    /// .respond(status: 500, body: Data("boom".utf8))
    /// ```
    public static func respond(
      status: Int, headers: [String: String] = [:], body: Data
    ) -> Reply {
      Reply(status: status, headers: headers, body: body)
    }

    /// A reply held until the test calls ``LoopbackHTTPServer/release(_:)`` with `name` (sent
    /// at once if it already did), or the client hangs up. The same as
    /// `.respond(status:body:).held(until: name)`.
    ///
    /// ```swift
    /// .hold(name: "slow", status: 200, body: Data("late".utf8))
    /// ```
    public static func hold(
      name: String, status: Int, headers: [String: String] = [:], body: Data
    ) -> Reply {
      Reply(status: status, headers: headers, body: body).held(until: name)
    }

    /// A `text/plain` reply.
    ///
    /// ```swift
    /// .text("not here", status: 404)
    /// ```
    public static func text(_ text: String, status: Int = 200) -> Reply {
      Reply(status: status, body: Data(text.utf8))
    }

    /// An `application/json` reply with `value`, encoded by `encoder`; throws what the encoder
    /// throws (in a route, that answers `500`).
    ///
    /// ```swift
    /// try .json(Profile(name: "Ada"))
    /// ```
    public static func json(
      _ value: some Encodable, status: Int = 200, encoder: JSONEncoder = JSONEncoder()
    ) throws -> Reply {
      let body = try encoder.encode(value)
      return Reply(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// An `application/json` reply whose body is `json`, as written.
    ///
    /// ```swift
    /// .json(raw: #"{"name": "Ada"}"#)
    /// ```
    public static func json(raw json: String, status: Int = 200) -> Reply {
      Reply(status: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
    }

    /// A reply with this status and no body.
    ///
    /// ```swift
    /// .status(204)
    /// ```
    public static func status(_ status: Int) -> Reply { Reply(status: status) }

    /// `404 Not Found`, with no body.
    public static var notFound: Reply { Reply(status: 404) }

    /// This reply, held until the test calls ``LoopbackHTTPServer/release(_:)`` with `name`
    /// (sent at once if it already did), or the client hangs up — for a request still in flight
    /// when the test acts (disposing the subscription, executing a command again).
    ///
    /// ```swift
    /// let server = try LoopbackHTTPServer(routes: ["/slow": .text("late").held(until: "slow")])
    /// // … start the request, check what happens while it runs …
    /// server.release("slow")
    /// ```
    public func held(until name: String) -> Reply {
      var reply = self
      reply.heldUntil = name
      return reply
    }
  }
}

extension LoopbackHTTPServer {
  /// The listening socket, what the server saw and the threads' work.
  ///
  /// Lock discipline: every `var` is read and written with `lock` held; `route` and `listener`
  /// are immutable.
  private final class Core: @unchecked Sendable {
    private let lock = NSCondition()
    private var received: [Request] = []
    private var hits: [String: Int] = [:]
    private var released: Set<String> = []
    private var hangUps: [String: Int] = [:]
    private var stopped = false
    private var closed = false
    private let listener: Int32
    private let route: @Sendable (Request) throws -> Reply
    let port: Int

    init(route: @escaping @Sendable (Request) throws -> Reply) throws {
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
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &length)
        }
      }
      listener = descriptor
      port = Int(UInt16(bigEndian: address.sin_port))
      let thread = Thread { [self] in acceptLoop() }
      thread.name = "LoopbackHTTPServer"
      thread.start()
    }

    var receivedRequests: [Request] { lock.withLock { received } }

    func hitCount(_ path: String) -> Int { lock.withLock { hits[path, default: 0] } }

    func release(_ name: String) {
      lock.withLock {
        released.insert(name)
        lock.broadcast()
      }
    }

    func waitForHangUp(_ name: String, timeout: TimeInterval) -> Bool {
      let deadline = Date(timeIntervalSinceNow: timeout)
      return lock.withLock {
        while hangUps[name, default: 0] == 0 {
          if !lock.wait(until: deadline) { return false }
        }
        return true
      }
    }

    /// Only the accepting thread closes the listening descriptor, once, after its last
    /// `accept`: closing it from here could let that `accept` run on a descriptor number the
    /// process has meanwhile reused for another socket.
    func stop() {
      let wasStopped = lock.withLock {
        defer { stopped = true }
        return stopped
      }
      if !wasStopped { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    var isAccepting: Bool { lock.withLock { !closed } }

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
      var reader = RequestReader(connection: connection)
      guard let request = reader.read() else { return }
      lock.withLock {
        received.append(request)
        hits[request.path, default: 0] += 1
      }
      let reply: Reply
      do {
        reply = try route(request)
      } catch {
        reply = .text("\(error)", status: 500)
      }
      if let name = reply.heldUntil, !waitForRelease(name, connection: connection) {
        lock.withLock {
          hangUps[name, default: 0] += 1
          lock.broadcast()
        }
        return
      }
      Self.write(reply, to: connection)
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
        if Self.clientHungUp(connection) { return false }
      }
    }

    private static func clientHungUp(_ connection: Int32) -> Bool {
      var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0 else { return false }
      var byte: UInt8 = 0
      return recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0
    }

    private static func write(_ reply: Reply, to connection: Int32) {
      var head = "HTTP/1.1 \(reply.status) \(reasonPhrase(reply.status))\r\n"
      var headers = reply.headers
      if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
        headers["Content-Type"] = "text/plain; charset=utf-8"
      }
      for (name, value) in headers.sorted(by: { $0.key < $1.key })
      where !["content-length", "connection"].contains(name.lowercased()) {
        head += "\(name): \(value)\r\n"
      }
      head += "Content-Length: \(reply.body.count)\r\nConnection: close\r\n\r\n"
      send(Data(head.utf8) + reply.body, to: connection)
    }

    static func send(_ bytes: Data, to connection: Int32) {
      bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          #if canImport(Glibc)
            let sent = Glibc.send(
              connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
          #else
            let sent = Darwin.send(connection, raw.baseAddress! + offset, raw.count - offset, 0)
          #endif
          if sent <= 0 { return }
          offset += sent
        }
      }
    }

    private static func reasonPhrase(_ status: Int) -> String {
      switch status {
      case 100: "Continue"
      case 200: "OK"
      case 201: "Created"
      case 202: "Accepted"
      case 204: "No Content"
      case 301: "Moved Permanently"
      case 302: "Found"
      case 304: "Not Modified"
      case 400: "Bad Request"
      case 401: "Unauthorized"
      case 403: "Forbidden"
      case 404: "Not Found"
      case 409: "Conflict"
      case 422: "Unprocessable Content"
      case 429: "Too Many Requests"
      case 500: "Internal Server Error"
      case 502: "Bad Gateway"
      case 503: "Service Unavailable"
      default: "Status \(status)"
      }
    }
  }

  /// Reads one request from a connection: the head, then a body sent with a `Content-Length` or
  /// in chunks. Answers `Expect: 100-continue` first, as clients that send it wait for that.
  private struct RequestReader {
    let connection: Int32
    var buffered = Data()

    init(connection: Int32) { self.connection = connection }

    mutating func read() -> Request? {
      guard let headEnd = receive(until: Data("\r\n\r\n".utf8)) else { return nil }
      let head = String(decoding: buffered.prefix(headEnd), as: UTF8.self)
      consume(headEnd + 4)
      let lines = head.components(separatedBy: "\r\n")
      let requestLine = lines[0].split(separator: " ")
      guard requestLine.count >= 2 else { return nil }
      var headers: [String: String] = [:]
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = String(line[..<colon])
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
      }
      let request = Request(
        method: String(requestLine[0]), path: String(requestLine[1]), headers: headers)
      if request.header("Expect")?.lowercased() == "100-continue" {
        Core.send(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: connection)
      }
      let body: Data?
      if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
        body = readChunks()
      } else {
        body = receive(count: request.header("Content-Length").flatMap { Int($0) } ?? 0)
      }
      guard let body else { return nil }
      return Request(method: request.method, path: request.path, headers: headers, body: body)
    }

    /// Receives until `buffered` contains `marker`; returns where it starts, or `nil` if the
    /// client closed the connection first.
    private mutating func receive(until marker: Data) -> Int? {
      while true {
        if let range = buffered.range(of: marker) {
          return buffered.distance(from: buffered.startIndex, to: range.lowerBound)
        }
        guard receiveMore() else { return nil }
      }
    }

    /// The next `count` bytes, or `nil` if the client closed the connection first.
    private mutating func receive(count: Int) -> Data? {
      while buffered.count < count {
        guard receiveMore() else { return nil }
      }
      let bytes = Data(buffered.prefix(count))
      consume(count)
      return bytes
    }

    /// A chunked body, its chunks joined; trailer fields are read and dropped.
    private mutating func readChunks() -> Data? {
      var body = Data()
      while true {
        guard let lineEnd = receive(until: Data("\r\n".utf8)) else { return nil }
        let line = String(decoding: buffered.prefix(lineEnd), as: UTF8.self)
        consume(lineEnd + 2)
        let sizeText = line.split(separator: ";").first.map(String.init) ?? ""
        guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
          return nil
        }
        if size == 0 {
          // Trailer fields, then an empty line.
          while true {
            guard let end = receive(until: Data("\r\n".utf8)) else { return nil }
            consume(end + 2)
            if end == 0 { return body }
          }
        }
        guard let chunk = receive(count: size + 2) else { return nil }
        body += chunk.prefix(size)
      }
    }

    /// Drops the first `count` bytes received (the buffer stays indexed from zero).
    private mutating func consume(_ count: Int) {
      buffered = Data(buffered.dropFirst(count))
    }

    private mutating func receiveMore() -> Bool {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(connection, &buffer, buffer.count, 0)
      if count <= 0 { return false }
      buffered.append(contentsOf: buffer[0..<count])
      return true
    }
  }
}
