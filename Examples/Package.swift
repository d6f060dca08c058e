// swift-tools-version: 6.1
import PackageDescription

// An app core written on RACSwift's public API only: `@MainActor` view models for a bookshelf
// app (log in, search as you type, a paginated list) and their tests. It depends on the library
// by path, so `.ci/run` builds it against the library as it is: an API change that breaks app
// code fails the run.
let package = Package(
  name: "RACSwiftExamples",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "BookshelfCore", targets: ["BookshelfCore"])
  ],
  dependencies: [
    .package(name: "RACSwift", path: "..")
  ],
  targets: [
    .target(
      name: "BookshelfCore",
      dependencies: [.product(name: "RACSwift", package: "RACSwift")],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
    .testTarget(
      name: "BookshelfCoreTests",
      dependencies: [
        "BookshelfCore",
        .product(name: "RACSwift", package: "RACSwift"),
        .product(name: "RACSwiftTesting", package: "RACSwift"),
      ],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
  ],
  swiftLanguageModes: [.v6]
)
