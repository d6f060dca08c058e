import Foundation

/// libFuzzer's entry point: checks one input (see ``MarbleInput``). A failed check, or a trap in
/// the library, ends the process; libFuzzer reports it as a crash and saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  check(UnsafeBufferPointer(start: data, count: size))
}

/// Checks the input made of `bytes`; returns 0, as libFuzzer wants.
func check(_ bytes: UnsafeBufferPointer<UInt8>) -> CInt {
  MarbleInput(bytes).check()
  return 0
}

#if LIBFUZZER
  import CLibFuzzerDriver

  /// The fuzzer's `main`. SwiftPM links an executable's `main` to the `<module>_main` function
  /// its Swift code defines (so that tests can link the module), which leaves libFuzzer's own
  /// `main` out: this one hands the command line to libFuzzer's driver, as that `main` would.
  /// `run.sh` builds with `-DLIBFUZZER` and `-sanitize=fuzzer`.
  @_cdecl("MarbleParserFuzzer_main")
  func fuzzerMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
      check(UnsafeBufferPointer(start: data, count: size))
    }
  }
#else
  /// Without the fuzzer, the same checks as a command: it checks every file it is given (every
  /// file of a folder it is given) as libFuzzer would, and says how many passed. A failed check
  /// traps, as under the fuzzer.
  ///
  /// ```
  /// swift run --package-path Fuzz MarbleParserFuzzer Fuzz/corpus/marbles
  /// ```
  @main
  enum Replay {
    static func main() {
      let files = CommandLine.arguments.dropFirst().flatMap(Replay.files(at:))
      for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
          print("cannot read \(file)")
          exit(1)
        }
        _ = data.withUnsafeBytes { bytes in check(bytes.bindMemory(to: UInt8.self)) }
      }
      print("\(files.count) inputs passed")
    }

    /// `path` if it names a file; the files in it, sorted by name, if it names a folder.
    static func files(at path: String) -> [String] {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
      else { return [path] }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      return names.sorted().map { path + "/" + $0 }
    }
  }
#endif
