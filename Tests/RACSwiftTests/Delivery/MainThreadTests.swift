import CRACSwiftThreadState
import Dispatch
import Foundation
import Testing

@testable import RACSwift

@Suite(
  "Where the main actor runs (main-actor hops ask for every event)", .checksLiveSubscriptions)
struct MainThreadTests {
  @Test("a thread of its own is not where the main actor runs; the main queue's drain is")
  func mainActorThreads() async {
    let onOwnThread = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: MainThread.isCurrent) }
    }
    #expect(!onOwnThread)
    let onMainQueue = await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume(returning: MainThread.isCurrent) }
    }
    #expect(onMainQueue)
    let onMainActor = await MainActor.run { MainThread.isCurrent }
    #expect(onMainActor)
    let onGlobalQueue = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: MainThread.isCurrent) }
    }
    #expect(!onGlobalQueue)
  }

  @Test("a thread other than the process's main thread is told so, every time it asks")
  func mainThreadFlag() async {
    let others = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        // Asked twice: the second answer comes from the thread's flag.
        continuation.resume(returning: [cracswift_is_main_thread(), cracswift_is_main_thread()])
      }
    }
    #expect(others == [0, 0])
  }
}
