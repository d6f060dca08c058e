/*
 * A Promela model of the dispose fence (HandlerFence.swift, HandlerWaitList.swift; the
 * guarantee: CONTRACT.md#dispose-fence), checked exhaustively with spin by
 * .ci/check-fence-model. It is not compiled into the library (Package.swift excludes it).
 *
 * What is modelled
 *
 * - A thread delivering NEXTS (2) `next` events, then the terminal event, to one subscription:
 *   run(unlessDisposed:) for each `next` (announce: the sequentially consistent store of the
 *   thread's identity into `running`; the disposed check, a sequentially consistent load; the handler if not disposed; leave: a
 *   load of `running`, a store back to 0, then a wake-up if the load found the sleeper bit), and
 *   runTerminal (announce; end(), the disposed flag's read-modify-write, which runs the handler
 *   if that call disposed; leave, setting `finished`). Each event may come from a different
 *   thread (the delivery is serialized, not pinned to a thread): its identity is chosen among
 *   two for each event.
 * - Two other threads calling dispose() at once: disposeIfNeeded() sets the disposed flag with
 *   one read-modify-write, so exactly one call gets didDispose true; both then run
 *   waitForHandlers: the early return of a call that did not dispose when it finds `finished`,
 *   the fence, then the loop: load `running`; return if nothing runs, the subscription has
 *   finished, or the handler is this thread's own; else spin (abstracted below) or add the
 *   sleeper bit with a compare-and-exchange (looking again if it fails) and sleep in the wait
 *   list, for a limited time; then look again.
 * - The wait list (HandlerWaitList): one bucket lock; the check that the thread must still
 *   sleep (`running` still holds the marked value) made under that lock, the thread added to the
 *   list under it; a semaphore per sleep, created with value 0 (a counting semaphore: wait()
 *   blocks until the value is positive, then decrements it; signal() increments it); wake()
 *   removes the subscription's sleepers under the lock and signals them after releasing it. A
 *   sleep ends when its semaphore is signalled or when its time limit passes; a sleeper whose
 *   limit passed takes itself off the list under the lock, and a signal that comes later goes to
 *   that sleep's semaphore, which nothing waits on any more (each sleep has its own: the model
 *   numbers them, `semGen`). The limit passes when nothing else can happen (Promela's
 *   `timeout`): a time limit is what ends a sleep that nothing will wake. With -DEARLY=n it may
 *   also pass at any moment, up to n times per thread (.ci/check-fence-model searches with 1,
 *   and one `next` event, which keeps that search to a minute).
 * - A dispose() from inside a handler, on the thread that runs it: any handler may call it.
 * - With -DSHARED_BUCKET: two subscriptions, each with its delivering thread and one disposing
 *   thread, whose addresses map to the same bucket (a wake-up for one must not take or lose the
 *   other's sleeper). Smaller per subscription (one `next`, one delivering thread, no dispose()
 *   from inside a handler) so that it stays quick; the single-subscription model checks the
 *   rest.
 *
 * Each atomic operation on `running` or on the disposed flag is one step (`atomic`): a load, a
 * store, an exchange, a compare-and-exchange, a read-modify-write.
 *
 * Properties (assertions, invalid end states, and an LTL formula)
 *
 * 1. No handler starts once a dispose() has returned (`disposeReturned`, set when any dispose()
 *    of the subscription returns, is asserted false where a handler starts).
 * 2. A dispose() from another thread never returns while a handler runs (`handlerRunning` is
 *    asserted false where a dispose() returns, unless it was called from inside the handler).
 *    A dispose() from inside the handler returns at once: it never reaches the spin or the
 *    sleep (asserted).
 * 3. No thread is left asleep, nothing deadlocks, and the only wake-up ever lost is the one leave
 *    gives up for its speed: every thread reaches its end (pan's invalid end states); at the end
 *    no thread is left in the wait list (asserted); a sleep ended by its time limit with nothing
 *    else able to happen — a sleeper that nothing would have woken — comes only after leave
 *    overwrote a sleeper bit that its load had not seen (`lostMark`, asserted there); and, with
 *    -DLIVENESS, `<> (ended == NTHREADS)`: every thread, so every dispose(), returns — checked
 *    without any fairness assumption (a run that stops short, a deadlock, counts against it).
 *
 * Memory orderings
 *
 * The Swift code: announce stores the identity `.sequentiallyConsistent`, then the check loads
 * the flag `.sequentiallyConsistent` (end() of the terminal event is a load `.acquiring` and a
 * read-modify-write, `.acquiringAndReleasing`). dispose() sets the flag with a
 * read-modify-write (`.acquiringAndReleasing`; a call that finds it set by a load
 * `.acquiring`), waitForHandlers puts a `.sequentiallyConsistent` fence before its loads of
 * `running` (`.acquiring`). leave loads `running` `.relaxed` and stores it `.releasing` (one
 * location: its load reads a value before its store, by coherence); the sleeper bit is added by a
 * compare-and-exchange `.acquiringAndReleasing`; the wait list's lock and semaphores order what
 * they guard.
 *
 * The model: every step is sequentially consistent (Promela interleaves whole steps). Swift's
 * atomics follow the C and C++ memory model. Sequential consistency is the right abstraction here
 * for these reasons.
 *
 * (a) The one reordering that these orderings permit and that could break the properties is a
 * store followed by a load of another location, on each side: the handler's thread loading the
 * flag before its announcement is visible, a disposing thread loading `running` before its flag
 * store is visible. The handler's sequentially consistent store and load, and the disposing
 * thread's fence, forbid exactly that (C++20 [atomics.order], which Swift's atomics follow; S is
 * the single total order of sequentially consistent operations and fences). If the handler's
 * thread loaded "not disposed", its load L is coherence-ordered before the flag's read-modify-write,
 * which is sequenced before the disposing thread's fence F: so L precedes F in S (p4.3), and the
 * announcement W, a sequentially consistent store sequenced before L, precedes L in S: W precedes
 * F. If the disposing thread's load of `running` after F read a value older than W, that load
 * would be coherence-ordered before W, putting F before W in S (p4.2): a contradiction. So at
 * least one side sees the other, as in an interleaving. (Until session 31 the handler's side was a
 * relaxed store and a fence, with the same argument between two fences; the pair costs the same
 * on x86-64, an exchange instead of a store and a locked no-op, and is `stlr`/`ldar`, no `dmb`,
 * on ARM64. An `.acquiring` load would not do: on ARM64 with RCpc it may be `ldapr`, which an
 * earlier `stlr` does not order.) The terminal event needs neither: its end() is a
 * read-modify-write of the flag, and one of the two read-modify-writes reads from the other.
 *
 * (b) A dispose() that did not set the flag (another dispose(), or the terminal event's end(),
 * did) read it, acquiring, from that read-modify-write or a later one on the same word (which
 * continues its release sequence): the flag's store happens before that dispose()'s fence, and (a)
 * applies. When the terminal event's end() set it, the announcement even happens before that
 * dispose()'s load of `running`, fences or not.
 *
 * (c) Each read-modify-write is atomic and each location has one modification order under every
 * ordering; the model keeps both (one step per atomic operation). A load that returns an older
 * value of one location is the same as that load made earlier in an interleaving, which the model
 * explores; where two locations' order matters besides (a), the must-sleep check against the
 * wake-up, the bucket lock orders them.
 *
 * (d) Acquire and release do not change which values are read here; they carry the handler's
 * effects. A dispose() from another thread returns only after loading `running` (`.acquiring`) as
 * 0 or `finished`: a value written only by leave's `.releasing` store, or the initial 0, which
 * by (a) it can read only if no handler ran before the flag was set. So everything the handler did
 * happens before dispose() returns. The sleeper's semaphore and the bucket lock order the wait
 * list; after a wake-up or its time limit, dispose() loads `running` again. A thread that delivered an earlier event
 * and disposes later reads 0 or a later value, never its own identity (coherence), so it never
 * takes itself for the running handler.
 *
 * These points are argued here, not checked: spin explores interleavings only. The planted bugs
 * below model a missing fence (or, on the handler's side, a weaker store or load than the
 * sequentially consistent pair) as the reordering it would allow (in an interleaving a fence is
 * otherwise a no-op), which shows what each one prevents.
 *
 * Not modelled
 *
 * - The spin's bound: the code spins 128 times before it sleeps; the model may spin up to SPINS
 *   times (1 by default) and may stop spinning earlier, nondeterministically. A spin only loads
 *   `running` again, so this covers every interleaving of the code's loads and some more.
 * - Thread identities are small distinct numbers with the two low bits clear (the code uses
 *   pthread_self(), at least 8-byte aligned); their reuse after a thread exits is not modelled.
 * - The 64 buckets: every subscription here maps to one bucket (the worst case of a collision).
 * - A handler blocking on the disposing thread (the deadlock CONTRACT.md describes), delivery
 *   of events after the terminal event, and what disposal does besides setting the flag
 *   (members, didDispose()).
 * - Nested or concurrent runs of one subscription's handlers: the code assumes there are none
 *   (delivery is serialized; a send from inside a handler is queued), and a nested run would
 *   clear the outer announcement. The model delivers one event at a time.
 * - Fairness of the lock and the scheduler: none is assumed.
 *
 * Planted bugs (.ci/check-fence-model checks that each one is caught)
 *
 *   -DBUG_NO_HANDLER_FENCE    the handler's thread may load the flag before its announcement
 *                             is stored: a relaxed store or a non-SC load (property 1 fails)
 *   -DBUG_NO_DISPOSE_FENCE    dispose() may load `running` before its flag store is visible
 *                             (property 1 or 2 fails)
 *   -DBUG_NO_WAKE             leave never wakes a sleeper (the time limit's assertion)
 *   -DBUG_CHECK_OUTSIDE_LOCK  the must-sleep check is made before taking the bucket lock: a
 *                             wake-up between the check and the sleep is lost (the time limit's
 *                             assertion)
 *   -DBUG_NO_TIME_LIMIT       sleeps without a time limit: a sleeper bit added between leave's
 *                             load and store leaves its sleeper asleep for ever (invalid end
 *                             state)
 *   -DBUG_NO_SELF_CHECK       waitForHandlers does not recognise its own thread's handler: a
 *                             dispose() from inside a handler waits for itself
 *
 * Running it by hand:
 *   spin -a HandlerFence.pml && gcc -O2 -DSAFETY -o pan pan.c && ./pan -m100000
 *   spin -DLIVENESS -a HandlerFence.pml && gcc -O2 -o pan pan.c && ./pan -a -m100000
 *   spin -t -p HandlerFence.pml        (replays the trail of an error)
 */

#define FINISHED 1          /* HandlerFence.finished */
#define SLEEPER  2          /* HandlerFence.sleeperBit */

#ifndef NEXTS
#ifdef SHARED_BUCKET
#define NEXTS 1             /* `next` events before the terminal event */
#else
#define NEXTS 2
#endif
#endif
#ifndef SPINS
#define SPINS 1             /* the spin bound (128 in the code) */
#endif
#ifndef EARLY
#define EARLY 0             /* time limits that may pass at any moment, per thread */
#endif

#ifdef SHARED_BUCKET
#define NSUBS    2
#define NTHREADS 4          /* threads 0 (delivers), 1 (disposes): subscription 0; 2, 3: 1 */
#define HANDLER_OF(s) (2 * (s))
#define NO_SELF_DISPOSE
#define ONE_DELIVERING_THREAD
#else
#define NSUBS    1
#define NTHREADS 3          /* thread 0 delivers; threads 1 and 2 dispose */
#define HANDLER_OF(s) 0
#endif

/* A thread's identity: nonzero, distinct, its two low bits free (FINISHED, SLEEPER). Thread t
   has ID(t); each event of delivering thread t comes from ID(t) or ID(t + NTHREADS) (only
   ID(t) with ONE_DELIVERING_THREAD). */
#define ID(t) (4 * ((t) + 1))

/* The subscription's atomic words: HandlerFence.running, and ScopeFlags.disposed. */
byte running[NSUBS];
bool disposed[NSUBS];

/* The wait list: one bucket, to which every subscription maps. `listed[t]`, `listedSub[t]`,
   `listedGen[t]`: thread t's entry in the bucket's list, its subscription and the number of
   its semaphore; `sem[t]`, `semGen[t]`: the value and the number of the semaphore thread t
   created for its latest sleep; `limitsPassed[t]`: the time limits that passed at any moment. */
byte bucketLock;            /* 0, or the identity of the thread that holds the lock */
bool listed[NTHREADS];
byte listedSub[NTHREADS];
byte listedGen[NTHREADS];
byte sem[NTHREADS];
byte semGen[NTHREADS];
byte limitsPassed[NTHREADS];

/* Ghost state, for the properties only. */
bool handlerRunning[NSUBS]; /* a handler of subscription s runs (from its start to its return) */
bool disposeReturned[NSUBS];/* a dispose() of subscription s has returned */
byte ended;                 /* threads that have run to their end */
bool lostMark[NSUBS];       /* leave overwrote a sleeper bit its load had not seen */

/* The locals of DISPOSE, SLEEP and WAKE, declared in each thread that expands them. */
#define DISPOSE_LOCALS \
  bool didDispose; byte seen; byte marked; byte spins; bool exchanged; bool mustSleep; \
  bool early; byte earlySeen
#define WAKE_LOCALS byte i; byte woken; byte wokenGen[NTHREADS]

/* A sleeper whose time limit passed takes itself off the list, if a wake-up has not. */
inline TAKE_OFF(t, me) {
  atomic { bucketLock == 0 -> bucketLock = me };
  listed[t] = false;
  bucketLock = 0
}

/* HandlerWaitList.sleep(on:atMost:while:), for thread t with identity `me`; its mustSleep is
   `running.load() == marked`. */
inline SLEEP(s, t, me) {
#ifdef BUG_CHECK_OUTSIDE_LOCK
  mustSleep = (running[s] == marked);
#endif
  atomic { bucketLock == 0 -> bucketLock = me };
#ifndef BUG_CHECK_OUTSIDE_LOCK
  mustSleep = (running[s] == marked);
#endif
  if
  :: mustSleep ->
     /* a new DispatchSemaphore(value: 0), appended to the bucket's list */
     atomic {
       assert(!listed[t]);
       semGen[t]++; sem[t] = 0;
       listed[t] = true; listedSub[t] = s; listedGen[t] = semGen[t]
     }
  :: else
  fi;
  bucketLock = 0;
  if
  :: mustSleep ->
     if
     :: atomic { sem[t] > 0 -> sem[t]-- }         /* wakeUp.wait(timeout:): signalled */
#ifndef BUG_NO_TIME_LIMIT
     :: limitsPassed[t] < EARLY ->                 /* the limit passes while others run */
        limitsPassed[t]++;
        TAKE_OFF(t, me)
     :: timeout ->                                 /* the limit passes, nothing else can happen */
        assert(lostMark[s]);
        TAKE_OFF(t, me)
#endif
     fi
  :: else
  fi
}

/* HandlerWaitList.wake(_:): removes the subscription's sleepers under the lock, and signals
   their semaphores after releasing it. */
inline WAKE(s, me) {
  atomic { bucketLock == 0 -> bucketLock = me };
  d_step {
    woken = 0;
    i = 0;
    do
    :: i < NTHREADS ->
       if
       :: listed[i] && listedSub[i] == s ->
          listed[i] = false; woken = woken | (1 << i); wokenGen[i] = listedGen[i]
       :: else
       fi;
       i++
    :: else -> break
    od
  };
  bucketLock = 0;
  i = 0;
  do
  :: i < NTHREADS ->
     if
     :: woken & (1 << i) ->                        /* wakeUp.signal(): that sleep's semaphore */
        atomic {
          if
          :: semGen[i] == wokenGen[i] -> sem[i]++
          :: else                                   /* a later sleep's is another one */
          fi
        }
     :: else
     fi;
     i++
  :: else -> break
  od
}

/* SubscriptionScope.dispose() of subscription s, by thread t with identity `me`:
   disposeIfNeeded(), then HandlerFence.waitForHandlers(of:didDispose:). */
inline DISPOSE(s, t, me) {
#ifdef BUG_NO_DISPOSE_FENCE
  /* Without the fence the first load of `running` may be satisfied before the flag's store is
     visible to the handler's thread: made here, its value used by the loop's first look. */
  if
  :: earlySeen = running[s]; early = true
  :: skip
  fi;
#endif
  /* disposeIfNeeded(): one read-modify-write of the flag; true for the call that set it */
  atomic { didDispose = !disposed[s]; disposed[s] = true };
  if
  :: !didDispose && running[s] == FINISHED -> skip
  :: else ->
     /* atomicMemoryFence(ordering: .sequentiallyConsistent) */
     spins = 0;
     do
     :: /* seen = running.load(ordering: .acquiring) */
#ifdef BUG_NO_DISPOSE_FENCE
        if
        :: early -> seen = earlySeen; early = false
        :: else -> seen = running[s]
        fi;
#else
        seen = running[s];
#endif
        if
        :: (seen & ~SLEEPER) <= FINISHED -> break
#ifndef BUG_NO_SELF_CHECK
        :: (seen & ~SLEEPER) == me -> break
#endif
        :: else
        fi;
        /* Property 2: a dispose() from inside the subscription's own handler returns at once. */
        assert(t != HANDLER_OF(s));
        if
        :: spins < SPINS -> spins++                /* keep looking */
        :: true ->
           marked = seen | SLEEPER;
           exchanged = true;
           if
           :: seen != marked ->
              /* compareExchange(expected: seen, desired: marked) */
              atomic {
                if
                :: running[s] == seen -> running[s] = marked
                :: else -> exchanged = false
                fi
              }
           :: else
           fi;
           if
           :: exchanged -> SLEEP(s, t, me)
           :: else                                 /* it changed: look again */
           fi
        fi
     od
  fi;
  /* Property 2: a dispose() from another thread never returns while a handler runs. */
  atomic {
    assert(!handlerRunning[s] || t == HANDLER_OF(s));
    disposeReturned[s] = true
  }
}

/* The delivery of subscription s's events, by thread t (each event from identity ID(t) or
   ID(t + NTHREADS)): NEXTS `next`s, then the terminal event. A handler may call dispose(). */
proctype Handler(byte s; byte t) {
  byte k;
  byte me;
  bool runs;
  DISPOSE_LOCALS;
  WAKE_LOCALS;
  k = 0;
  do
  :: k <= NEXTS ->
#ifdef ONE_DELIVERING_THREAD
     me = ID(t);
#else
     if
     :: me = ID(t)
     :: me = ID(t + NTHREADS)
     fi;
#endif
     if
     :: k < NEXTS ->
        /* run(unlessDisposed:): announce() (an SC store), then the flag's SC load */
#ifdef BUG_NO_HANDLER_FENCE
        if
        :: running[s] = me; runs = !disposed[s]
        :: runs = !disposed[s]; running[s] = me   /* the load passes the store */
        fi
#else
        running[s] = me;
        runs = !disposed[s]
#endif
     :: else ->
        /* runTerminal: announce(), then end(), disposeIfNeeded(): true if this call disposed */
        running[s] = me;
        atomic { runs = !disposed[s]; disposed[s] = true }
     fi;
     if
     :: runs ->
        /* Property 1: no handler starts once a dispose() has returned. */
        atomic { assert(!disposeReturned[s]); handlerRunning[s] = true };
#ifndef NO_SELF_DISPOSE
        if
        :: DISPOSE(s, t, me)                      /* dispose() from inside the handler */
        :: skip
        fi;
#endif
        handlerRunning[s] = false
     :: else
     fi;
     /* leave(): seen = running.load(), running.store(0 or finished), then wake if `seen` had
        the sleeper bit; a bit added between the load and the store is overwritten unseen */
     seen = running[s];
     atomic {
       lostMark[s] = lostMark[s] || ((running[s] & SLEEPER) && !(seen & SLEEPER));
       running[s] = (k < NEXTS -> 0 : FINISHED)
     };
#ifndef BUG_NO_WAKE
     if
     :: seen & SLEEPER -> WAKE(s, me)
     :: else
     fi;
#endif
     k++
  :: else -> break
  od;
  ended++
}

/* A thread t that calls dispose() of subscription s. */
proctype Disposer(byte s; byte t) {
  DISPOSE_LOCALS;
  DISPOSE(s, t, ID(t));
  ended++
}

init {
  byte j;
  atomic {
#ifdef SHARED_BUCKET
    run Handler(0, 0); run Disposer(0, 1);
    run Handler(1, 2); run Disposer(1, 3)
#else
    run Handler(0, 0); run Disposer(0, 1); run Disposer(0, 2)
#endif
  };
  /* Property 3, at the end: nobody is left in the wait list. (A signal may be left on the
     semaphore of a sleep that its time limit ended: nothing waits on it, as in the code.) */
  ended == NTHREADS;
  j = 0;
  do
  :: j < NTHREADS -> assert(!listed[j]); j++
  :: else -> break
  od;
  assert(bucketLock == 0)
}

#ifdef LIVENESS
/* Property 3: every thread, so every dispose(), returns. */
ltl terminates { <> (ended == NTHREADS) }
#endif
