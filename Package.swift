// swift-tools-version: 6.1
import PackageDescription

/// Settings shared by every target of the package: Swift 6 language mode (set package-wide
/// below) with complete strict concurrency, which Swift 6 mode implies.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "RACSwift",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "RACSwift", targets: ["RACSwift"]),
    .library(name: "RACSwiftTesting", targets: ["RACSwiftTesting"]),
    .executable(name: "rac-demo", targets: ["rac-demo"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Test-only: property-based tests of the operators.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // HandlerFence.pml: the spin model of the dispose fence, checked by .ci/check-fence-model.
    .target(
      name: "RACSwift",
      dependencies: ["CRACSwiftThreadState"],
      exclude: ["Runtime/HandlerFence.pml", "Runtime/HandlerFenceRun.pml"],
      swiftSettings: strictSettings),
    // Every platform: per-thread state that Swift cannot keep in one load (the stack guard's,
    // which keeps deep chains of any operator in bounded stack, and whether the thread is the
    // main thread), and the stack pointer. Internal to RACSwift; the demo reads the stack
    // pointer to show how deep the stack grew.
    .target(name: "CRACSwiftThreadState"),
    .target(name: "RACSwiftTesting", dependencies: ["RACSwift"], swiftSettings: strictSettings),
    .executableTarget(
      name: "rac-demo", dependencies: ["RACSwift", "RACSwiftTesting", "CRACSwiftThreadState"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "RACSwiftTests",
      dependencies: [
        "RACSwift", "RACSwiftTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "RACSwiftTestingTests", dependencies: ["RACSwift", "RACSwiftTesting"],
      swiftSettings: strictSettings),
    // The reference model of the operators and the differential test that compares the library
    // with it, on the public API only.
    .testTarget(
      name: "RACSwiftReferenceModelTests", dependencies: ["RACSwift", "RACSwiftTesting"],
      exclude: ["README.md", "RESULTS.md"], swiftSettings: strictSettings),
    // App-style @MainActor view models using `self` in every closure-taking operator, seen
    // through the public API only (no @testable): the compile-time proof that a closure written
    // on an actor may use the actor's state, with no @Sendable and no hop written by hand.
    .testTarget(
      name: "RACSwiftIsolationTests", dependencies: ["RACSwift", "RACSwiftTesting"],
      swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)
