import Foundation
import RACSwift
import RACSwiftTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The example of LoopbackHTTPServer's documentation, as written there.
struct Profile: Codable, Equatable { var name: String }

@Test func profileLoads() async throws {
  let server = try LoopbackHTTPServer(routes: ["/profile": .json(Profile(name: "Ada"))])
  let profile = URLSession(configuration: .ephemeral)
    .signal(for: URLRequest(url: server.url("/profile")))
    .map { data, _ in try? JSONDecoder().decode(Profile.self, from: data) }
  #expect(try await profile.first() == Profile(name: "Ada"))
  #expect(server.hitCount("/profile") == 1)
}

/// Sends `request` on a new connection to `port`, as written, and returns everything the server
/// answers until it closes the connection — for what `URLSession` does not send on demand.
func exchange(_ request: String, port: Int) async -> String {
  await Task.detached {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return "" }
    let bytes = Array(request.utf8)
    _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { break }
      answer += buffer[0..<count]
    }
    return String(decoding: answer, as: UTF8.self)
  }.value
}

/// The body and response of one request, through `session.signal(for:)`.
func body(
  of request: URLRequest, in session: URLSession
) async throws(URLError) -> (String, HTTPURLResponse) {
  let signal = session.signal(for: request).map { data, response in
    (String(decoding: data, as: UTF8.self), response)
  }
  guard let reply = try await signal.first() else { throw URLError(.zeroByteResource) }
  return reply
}

@Suite("LoopbackHTTPServer: URLSession signals against a real socket", .checksLiveSubscriptions)
final class LoopbackHTTPServerTests {
  /// No `URLCache`: on Linux, disposal cancels requests only then (see `signal(for:)`), and the
  /// hang-up test needs the cancellation.
  let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
  }()

  deinit { session.invalidateAndCancel() }

  /// The body and response of one request, through `session.signal(for:)`.
  func fetch(_ request: URLRequest) async throws(URLError) -> (String, HTTPURLResponse) {
    try await body(of: request, in: session)
  }

  @Test("routes by path: text, JSON, a status alone, 404 for the rest; a query falls back")
  func routes() async throws {
    let server = try LoopbackHTTPServer(routes: [
      "/hello": .text("hello"),
      "/user": .json(raw: #"{"name":"Ada"}"#),
      "/created": .status(201),
      "/search?q=exact": .text("exact match"),
      "/search": .text("any query"),
    ])
    let hello = try await fetch(URLRequest(url: server.url("/hello")))
    #expect(hello.0 == "hello")
    #expect(hello.1.statusCode == 200)
    #expect(hello.1.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
    let user = try await fetch(URLRequest(url: server.url("/user")))
    #expect(user.0 == #"{"name":"Ada"}"#)
    #expect(user.1.value(forHTTPHeaderField: "Content-Type") == "application/json")
    let created = try await fetch(URLRequest(url: server.url("/created")))
    #expect(created.1.statusCode == 201)
    #expect(created.0.isEmpty)
    let missing = try await fetch(URLRequest(url: server.url("/nowhere")))
    #expect(missing.1.statusCode == 404)
    #expect(try await fetch(URLRequest(url: server.url("/search?q=exact"))).0 == "exact match")
    #expect(try await fetch(URLRequest(url: server.url("/search?q=other"))).0 == "any query")
    #expect(server.hitCount("/search?q=other") == 1)
    #expect(server.hitCount("/search") == 0, "hit counts go by the path as sent")
  }

  @Test("a route sees the method, header fields in any case, the query and the body")
  func requestParts() async throws {
    let server = try LoopbackHTTPServer { request in
      guard request.method == "POST", request.pathWithoutQuery == "/login" else { return .notFound }
      let user = request.queryItems.first { $0.name == "user" }?.value ?? "?"
      let token = request.header("authorization") ?? "none"
      return .text("\(user) \(token) \(request.text)", status: 202)
    }
    var request = URLRequest(url: server.url("/login?user=ada%20l"))
    request.httpMethod = "POST"
    request.setValue("Bearer t0k3n", forHTTPHeaderField: "Authorization")
    request.httpBody = Data("remember=yes".utf8)
    let (body, response) = try await fetch(request)
    #expect(response.statusCode == 202)
    #expect(body == "ada l Bearer t0k3n remember=yes")
    let received = try #require(server.requests.first)
    #expect(server.requests.count == 1)
    #expect(received.method == "POST")
    #expect(received.path == "/login?user=ada%20l")
    #expect(received.header("AUTHORIZATION") == "Bearer t0k3n")
    #expect(received.body == Data("remember=yes".utf8))
  }

  @Test("a large body sent with Expect: 100-continue arrives whole")
  func largeBody() async throws {
    let server = try LoopbackHTTPServer { request in .text("\(request.body.count)") }
    var request = URLRequest(url: server.url("/upload"))
    request.httpMethod = "PUT"
    request.httpBody = Data(repeating: 7, count: 200_000)
    request.setValue("100-continue", forHTTPHeaderField: "Expect")
    #expect(try await fetch(request).0 == "200000")
    #expect(server.requests.first?.body == Data(repeating: 7, count: 200_000))
  }

  @Test("a chunked body is read whole; a reply's own header fields are sent")
  func chunkedBodyAndHeaders() async throws {
    let server = try LoopbackHTTPServer { request in
      .respond(
        status: 200, headers: ["ETag": "v2", "Content-Type": "text/csv"], body: request.body)
    }
    let answer = await exchange(
      "POST /import HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "4\r\na,b,\r\n3;note=x\r\nc\n1\r\n0\r\nTrailer: y\r\n\r\n",
      port: server.port)
    #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(answer.contains("\r\nETag: v2\r\n"))
    #expect(answer.contains("\r\nContent-Type: text/csv\r\n"))
    #expect(answer.hasSuffix("\r\n\r\na,b,c\n1"))
  }

  @Test("JSON replies encode any Encodable, with a status; a route that throws answers 500")
  func jsonAndThrowingRoutes() async throws {
    struct Unencodable: Encodable {
      func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
          0, .init(codingPath: [], debugDescription: "cannot be encoded"))
      }
    }
    let server = try LoopbackHTTPServer { request in
      switch request.path {
      case "/created": try .json(["id": 7], status: 201)
      default: try .json(Unencodable())
      }
    }
    let created = try await fetch(URLRequest(url: server.url("/created")))
    #expect(created.1.statusCode == 201)
    #expect(created.0 == #"{"id":7}"#)
    let broken = try await fetch(URLRequest(url: server.url("/broken")))
    #expect(broken.1.statusCode == 500)
    #expect(broken.0.contains("cannot be encoded"))
  }

  @Test("a held reply is sent when released; a request made after the release is not held")
  func heldReply() async throws {
    let server = try LoopbackHTTPServer(routes: ["/slow": .text("late").held(until: "slow")])
    let request = URLRequest(url: server.url("/slow"))
    let session = self.session
    let first = Task { try await body(of: request, in: session).0 }
    while server.hitCount("/slow") == 0 { await Task.yield() }
    server.release("slow")
    #expect(try await first.value == "late")
    #expect(try await fetch(request).0 == "late")
    #expect(server.hitCount("/slow") == 2)
  }

  @Test("disposing a request on a held reply: the server sees the client hang up")
  func hangUp() async throws {
    let server = try LoopbackHTTPServer { _ in
      .hold(name: "held", status: 200, body: Data("late".utf8))
    }
    let subscription = session.signal(for: URLRequest(url: server.url("/held"))).subscribe()
    while server.hitCount("/held") == 0 { await Task.yield() }
    subscription.dispose()
    let hungUp = await Task.detached { server.waitForHangUp("held") }.value
    #expect(hungUp)
  }

  @Test("the server stops when its last reference goes away: its port refuses connections")
  func stopsWhenReleased() async throws {
    var server: LoopbackHTTPServer? = try LoopbackHTTPServer(routes: ["/": .text("up")])
    let port = server!.port
    #expect(await exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n", port: port).hasSuffix("up"))
    server = nil
    var refused = false
    for _ in 0..<1_000 where !refused {
      refused = await exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n", port: port).isEmpty
    }
    #expect(refused)
  }
}
