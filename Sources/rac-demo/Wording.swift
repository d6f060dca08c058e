import Foundation

/// `items` as a phrase: "nothing", "a", "a and b", "a, b and c".
func phrase(_ items: [String]) -> String {
  switch items.count {
  case 0: "nothing"
  case 1: items[0]
  default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
  }
}

/// `count` and `noun`, plural unless one: "1 receipt", "2 receipts", "0 receipts", "6 presses".
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : noun.hasSuffix("s") ? "es" : "s")"
}

/// `text` with its spaces made no-break spaces: `wrap(_:width:indent:first:)` never breaks a
/// line inside it, and prints it with plain spaces. For what a reader must see whole: a command
/// to type, a count and what it counts.
func unbroken(_ text: String) -> String {
  text.replacingOccurrences(of: " ", with: noBreakSpace)
}

/// The space ``unbroken(_:)`` joins words with: U+00A0 NO-BREAK SPACE.
let noBreakSpace = "\u{00A0}"

/// How many columns of a terminal `text` takes: two for each wide character (the Chinese of an
/// article's title), one for any other.
func columns(_ text: some StringProtocol) -> Int {
  text.unicodeScalars.reduce(0) { count, scalar in
    count + (isWide(scalar) ? 2 : scalar.properties.generalCategory == .nonspacingMark ? 0 : 1)
  }
}

/// Whether a terminal draws `scalar` two columns wide: the East Asian wide and full-width
/// blocks (Hangul Jamo, CJK and its punctuation, Hiragana to Yi, Hangul syllables, CJK
/// compatibility ideographs, vertical and compatibility forms, full-width forms, CJK extensions).
private func isWide(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x20000...0x3FFFD:
    true
  default: false
  }
}

/// `text` in double quotes, as a Swift string literal shows it.
func quoted(_ text: String) -> String { "\"\(text)\"" }

/// Creates the folder at `url` and the folders above it that are missing; returns `nil` when
/// it exists afterwards, else why it could not be made, in words.
func createFolder(_ url: URL) -> String? {
  let manager = FileManager.default
  var isFolder: ObjCBool = false
  if manager.fileExists(atPath: url.path, isDirectory: &isFolder) {
    return isFolder.boolValue ? nil : "\(url.path) is a file, not a folder"
  }
  // The nearest existing folder above it: the system says why nothing can be made there.
  var parent = url.deletingLastPathComponent()
  var child = url
  while !manager.fileExists(atPath: parent.path, isDirectory: &isFolder), parent.path != "/" {
    child = parent
    parent = parent.deletingLastPathComponent()
  }
  if !isFolder.boolValue { return "\(parent.path) is a file, not a folder" }
  do {
    try manager.createDirectory(at: url, withIntermediateDirectories: true)
    return nil
  } catch {
    guard mkdir(child.path, 0o755) != 0 else {
      rmdir(child.path)
      return (error as NSError).localizedDescription
    }
    switch errno {
    case EACCES, EPERM: return "no permission to create folders in \(parent.path)"
    case EROFS: return "\(parent.path) is on a read-only file system"
    case ENOENT: return "\(parent.path) does not let folders be created in it"
    case let code: return String(cString: strerror(code))
    }
  }
}
