extension Signal {
  /// A cold signal that runs `operation` in a new task for each subscription, sends its result
  /// and completes — or fails with the error it throws. Disposal cancels the task.
  ///
  /// ```swift
  /// let profile = Signal<Profile, APIError>(operation: { () async throws(APIError) in
  ///   try await api.fetchProfile()
  /// })
  /// ```
  public convenience init(operation: @escaping @Sendable () async throws(Failure) -> Value) {
    self.init(name: .source("+operation")) { _, sink, scope in
      let subscriber = Subscriber(forwardingTo: sink, within: scope)
      let task = Task {
        do throws(Failure) {
          let value = try await operation()
          subscriber.sendNext(value)
          subscriber.sendCompleted()
        } catch {
          subscriber.sendError(error)
        }
      }
      subscriber.lifetime.add(AnyDisposable { task.cancel() })
    }
  }

  /// A cold signal that runs `body` in a new task for each subscription; `body` sends any number
  /// of values into the subscriber. The signal completes when `body` returns (unless it already
  /// sent a terminal event) and fails with the error it throws. Disposal cancels the task.
  ///
  /// ```swift
  /// let pages = Signal<Page, APIError>(emitting: { subscriber async throws(APIError) in
  ///   var cursor: Cursor? = .start
  ///   while let current = cursor {
  ///     let page = try await api.fetch(current)
  ///     subscriber.sendNext(page)
  ///     cursor = page.next
  ///   }
  /// })
  /// ```
  public convenience init(
    emitting body: @escaping @Sendable (Subscriber<Value, Failure>) async throws(Failure) -> Void
  ) {
    self.init(name: .source("+emitting")) { _, sink, scope in
      let subscriber = Subscriber(forwardingTo: sink, within: scope)
      let task = Task {
        do throws(Failure) {
          try await body(subscriber)
          subscriber.sendCompleted()
        } catch {
          subscriber.sendError(error)
        }
      }
      subscriber.lifetime.add(AnyDisposable { task.cancel() })
    }
  }

  /// A cold signal of the elements of `sequence`, iterated in a new task for each subscription;
  /// it fails with the sequence's error. Disposal cancels the task.
  ///
  /// ```swift
  /// let lines = Signal(fileHandle.bytes.lines)
  /// ```
  public convenience init<S: AsyncSequence & Sendable>(_ sequence: S)
  where S.Element == Value, S.Failure == Failure {
    self.init(name: .source("+asyncSequence")) { _, sink, scope in
      let subscriber = Subscriber(forwardingTo: sink, within: scope)
      let task = Task {
        var iterator = sequence.makeAsyncIterator()
        do throws(Failure) {
          while let element = try await iterator.next(isolation: nil) {
            if subscriber.isDisposed { return }
            subscriber.sendNext(element)
          }
          subscriber.sendCompleted()
        } catch {
          subscriber.sendError(error)
        }
      }
      subscriber.lifetime.add(AnyDisposable { task.cancel() })
    }
  }
}
