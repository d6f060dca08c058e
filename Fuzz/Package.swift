// swift-tools-version: 6.1
import PackageDescription

// A libFuzzer target for the marble notation of RACSwiftTesting (README.md), on the public API
// only. A separate package: `swift build` and `swift test` at the repository root never build it.
// `./run.sh` builds it with the fuzzer and the address sanitizer and runs it; a plain
// `swift build --package-path Fuzz` builds a replay tool instead, which runs the same checks on
// the files it is given.
let package = Package(
  name: "RACSwiftFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "RACSwift", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "MarbleParserFuzzer",
      dependencies: [
        .product(name: "RACSwift", package: "RACSwift"),
        .product(name: "RACSwiftTesting", package: "RACSwift"),
        "CLibFuzzerDriver",
      ],
      swiftSettings: [
        .enableUpcomingFeature("ExistentialAny"),
        // No top-level code: under the fuzzer, the entry point hands over to libFuzzer's driver;
        // without it, the replay tool's `@main` is the entry point (Entry.swift).
        .unsafeFlags(["-parse-as-library"]),
      ]),
    // The declaration of libFuzzer's driver, for the fuzzer build's entry point.
    .target(name: "CLibFuzzerDriver"),
  ],
  swiftLanguageModes: [.v6]
)
