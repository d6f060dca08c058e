/*
 * A Promela model of the dispose fence announced once per delivery run: NOT
 * the form the code uses (HandlerFence.pml models that one). Checked with spin by
 * .ci/check-fence-model --run-form, so that what is said below about the run form stays true
 * (its two-subject scenario with the per-handler form, -DCROSS -DPER_HANDLER, runs in every CI).
 *
 * The run form. The thread that delivers one event to a subject's subscribers in a row (the
 * fan-out) stores its identity into the subject's run word and puts one sequentially consistent
 * fence after it, then checks each subscription's disposed flag with a plain load and runs its
 * handler if not disposed, and clears the run word with an exchange at the end (waking a
 * dispose() that sleeps on it). A dispose() of a subscriber of the subject sets the flag, fences,
 * then waits as today for the subscription's own word (the terminal event and any delivery that
 * is not a fan-out still announce per handler) and also for the run word: while another thread's
 * run is in progress, it cannot know which handler of the run that thread is in (the thread's
 * loads of the flags after its one fence are not ordered against the dispose()'s store), so it
 * waits for the whole run.
 *
 * What is checked (memory orderings as in HandlerFence.pml's header: interleavings, each atomic
 * operation one step; the one store-load reordering that matters is what the fences forbid, and
 * BUG_RUN_NO_FENCE models it).
 *
 * Default: one subject, two subscriptions (0, 1). Thread 0 delivers NEXTS runs (each from one of
 * two identities) over both subscriptions, then each subscription's terminal event, announced per
 * handler as in the code; any handler may dispose either subscription. Thread 1 disposes
 * subscription 0; thread 2 disposes 0 or 1. Properties, as in HandlerFence.pml: (1) no handler
 * starts once a dispose() of its subscription has returned; (2) a dispose() from another thread
 * never returns while a handler of its subscription runs, and one from inside a handler (any
 * handler of the run) never waits; (3) no thread is left asleep, nothing deadlocks (invalid end
 * states, the wait list empty at the end; with -DLIVENESS, every thread returns).
 *
 * -DCROSS: two subjects X and Y, delivered at once by threads 0 (X: subscriptions 0, 1) and 1
 * (Y: subscriptions 2, 3), one run each. The handler of 0 may dispose 3; the handler of 2 may
 * dispose 1 — neither disposes a subscription whose handler runs. With the run form this
 * DEADLOCKS (each dispose() waits for the other thread's run, which waits in the handler for the
 * first): the check expects an invalid end state. -DCROSS -DPER_HANDLER, the same with today's
 * per-handler announcement, holds: a dispose() waits only for its own subscription's handler.
 * (Here the per-handler form clears its announcement with an exchange, as the code did when this
 * model was written; the code now loads and stores, and limits each sleep in time, which only
 * adds ways for a sleep to end: HandlerFence.pml models that.)
 * That is the cost of the run form: a dispose() waits for every handler of the run in progress,
 * so a handler that waits for the disposing thread — directly, or by disposing something that
 * thread's own run delivers to — deadlocks even when it belongs to another subscription.
 *
 * Planted bugs (each must be caught):
 *   -DBUG_RUN_NO_FENCE      the run's flag loads may pass its announcement (property 1)
 *   -DBUG_RUN_NO_RUN_CHECK  dispose() does not look at the run word (property 1 or 2)
 *   -DBUG_RUN_CLEAR_EARLY   the run word is cleared before the last handler runs (property 2)
 *   -DBUG_RUN_NO_WAKE       the end of a run does not wake a sleeper (invalid end state)
 *   -DBUG_NO_SELF_CHECK     a dispose() from inside a handler waits for its own run (property 2)
 */

#define FINISHED 1
#define SLEEPER  2
#define ID(t) (4 * ((t) + 1))

#ifndef NEXTS
#define NEXTS 1
#endif
#ifndef SPINS
#define SPINS 1
#endif

#ifdef CROSS
#define NRUNS    2          /* subject X: run word 0, subscriptions 0 and 1; Y: 1, 2 and 3 */
#define NSUBS    4
#define NTHREADS 2          /* thread r delivers subject r */
#else
#define NRUNS    1
#define NSUBS    2
#define NTHREADS 3          /* thread 0 delivers; 1 and 2 dispose */
#endif
#define RUN_OF(s) ((s) / 2)
#define RUN_KEY(r) (NSUBS + (r))   /* wait-list key of run word r; a subscription's is s */

byte runWord[NRUNS];        /* the subject's run word: 0, or the delivering thread's identity */
byte running[NSUBS];        /* HandlerFence.running: per-handler announcements */
bool disposed[NSUBS];

byte bucketLock;
bool listed[NTHREADS];
byte listedKey[NTHREADS];
byte sem[NTHREADS];

bool handlerRunning[NSUBS];
bool disposeReturned[NSUBS];
byte ended;

#define DISPOSE_LOCALS \
  bool didDispose; byte seen; byte marked; byte spins; bool exchanged; bool mustSleep
#define WAKE_LOCALS byte i; byte woken

inline SLEEP(word, key, t, me) {
  atomic { bucketLock == 0 -> bucketLock = me };
  mustSleep = (word == marked);
  if
  :: mustSleep -> atomic { assert(sem[t] == 0 && !listed[t]); listed[t] = true; listedKey[t] = key }
  :: else
  fi;
  bucketLock = 0;
  if
  :: mustSleep -> atomic { sem[t] > 0 -> sem[t]-- }
  :: else
  fi
}

inline WAKE(key, me) {
  atomic { bucketLock == 0 -> bucketLock = me };
  d_step {
    woken = 0;
    i = 0;
    do
    :: i < NTHREADS ->
       if
       :: listed[i] && listedKey[i] == key -> listed[i] = false; woken = woken | (1 << i)
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
     :: woken & (1 << i) -> sem[i]++
     :: else
     fi;
     i++
  :: else -> break
  od
}

/* waitForHandlers' loop on one word (a subscription's, or its subject's run word). */
inline WAIT_ON(word, key, t, me, inHandler) {
  spins = 0;
  do
  :: seen = word;
     if
     :: (seen & ~SLEEPER) <= FINISHED -> break
#ifndef BUG_NO_SELF_CHECK
     :: (seen & ~SLEEPER) == me -> break
#endif
     :: else
     fi;
#ifndef CROSS
     /* Property 2: a dispose() from inside a handler of the run never waits. */
     assert(!inHandler);
#endif
     if
     :: spins < SPINS -> spins++
     :: true ->
        marked = seen | SLEEPER;
        exchanged = true;
        if
        :: seen != marked ->
           atomic {
             if
             :: word == seen -> word = marked
             :: else -> exchanged = false
             fi
           }
        :: else
        fi;
        if
        :: exchanged -> SLEEP(word, key, t, me)
        :: else
        fi
     fi
  od
}

/* dispose() of subscription s by thread t (identity me). */
inline DISPOSE(s, t, me, inHandler) {
  atomic { didDispose = !disposed[s]; disposed[s] = true };
  if
  :: !didDispose && running[s] == FINISHED -> skip
  :: else ->
     /* the sequentially consistent fence, then the loads */
     WAIT_ON(running[s], s, t, me, inHandler);
#if !defined(PER_HANDLER) && !defined(BUG_RUN_NO_RUN_CHECK)
     WAIT_ON(runWord[RUN_OF(s)], RUN_KEY(RUN_OF(s)), t, me, inHandler)
#endif
  fi;
  atomic {
    /* Property 2: a dispose() from another thread never returns while a handler runs. */
    assert(!handlerRunning[s] || t == RUN_OF(s));
    disposeReturned[s] = true
  }
}

/* A handler of subscription s starts (property 1) and ends; it may dispose. */
inline HANDLER_STARTS(s) {
  atomic { assert(!disposeReturned[s]); handlerRunning[s] = true }
}

#ifndef CROSS

proctype Deliverer() {
  byte k;
  byte s;
  byte me;
  bool runs;
  bool early;
  bool pre[NSUBS];
  DISPOSE_LOCALS;
  WAKE_LOCALS;
  k = 0;
  do
  :: k < NEXTS ->
     if
     :: me = ID(0)
     :: me = ID(NTHREADS)
     fi;
     /* The run's announcement: store, then the fence. */
     early = false;
#ifdef BUG_RUN_NO_FENCE
     if
     :: d_step { pre[0] = disposed[0]; pre[1] = disposed[1] }; early = true
     :: skip
     fi;
#endif
     runWord[0] = me;
     s = 0;
     do
     :: s < NSUBS ->
        /* a plain load of the flag */
        if
        :: early -> runs = !pre[s]
        :: else -> runs = !disposed[s]
        fi;
#ifdef BUG_RUN_CLEAR_EARLY
        if
        :: s == NSUBS - 1 ->
           atomic { seen = runWord[0]; runWord[0] = 0 };
           if
           :: seen & SLEEPER -> WAKE(RUN_KEY(0), me)
           :: else
           fi
        :: else
        fi;
#endif
        if
        :: runs ->
           HANDLER_STARTS(s);
           if
           :: DISPOSE(0, 0, me, true)
           :: DISPOSE(1, 0, me, true)
           :: skip
           fi;
           handlerRunning[s] = false
        :: else
        fi;
        s++
     :: else -> break
     od;
#ifndef BUG_RUN_CLEAR_EARLY
     /* The end of the run: exchange, then wake a sleeper. */
     atomic { seen = runWord[0]; runWord[0] = 0 };
#ifndef BUG_RUN_NO_WAKE
     if
     :: seen & SLEEPER -> WAKE(RUN_KEY(0), me)
     :: else
     fi;
#endif
#endif
     k++
  :: else -> break
  od;
  /* The terminal events, announced per handler (runTerminal). */
  s = 0;
  do
  :: s < NSUBS ->
     if
     :: me = ID(0)
     :: me = ID(NTHREADS)
     fi;
     running[s] = me;
     atomic { runs = !disposed[s]; disposed[s] = true };
     if
     :: runs ->
        HANDLER_STARTS(s);
        if
        :: DISPOSE(0, 0, me, true)
        :: DISPOSE(1, 0, me, true)
        :: skip
        fi;
        handlerRunning[s] = false
     :: else
     fi;
     atomic { seen = running[s]; running[s] = FINISHED };
     if
     :: seen & SLEEPER -> WAKE(s, me)
     :: else
     fi;
     s++
  :: else -> break
  od;
  ended++
}

proctype Disposer(byte t) {
  DISPOSE_LOCALS;
  if
  :: t == 1 -> DISPOSE(0, t, ID(t), false)
  :: t == 2 -> DISPOSE(0, t, ID(t), false)
  :: t == 2 -> DISPOSE(1, t, ID(t), false)
  fi;
  ended++
}

#else /* CROSS */

/* Thread r delivers one event to subject r's subscriptions 2r and 2r + 1; the handler of 2r may
   dispose the other subject's second subscription. */
proctype Deliverer(byte r) {
  byte s;
  byte me;
  bool runs;
  DISPOSE_LOCALS;
  WAKE_LOCALS;
  me = ID(r);
#ifndef PER_HANDLER
  runWord[r] = me;
#endif
  s = 2 * r;
  do
  :: s < 2 * r + 2 ->
#ifdef PER_HANDLER
     running[s] = me;
#endif
     runs = !disposed[s];
     if
     :: runs ->
        HANDLER_STARTS(s);
        if
        :: s == 2 * r -> DISPOSE(2 * (1 - r) + 1, r, me, true)
        :: skip
        fi;
        handlerRunning[s] = false
     :: else
     fi;
#ifdef PER_HANDLER
     atomic { seen = running[s]; running[s] = 0 };
     if
     :: seen & SLEEPER -> WAKE(s, me)
     :: else
     fi;
#endif
     s++
  :: else -> break
  od;
#ifndef PER_HANDLER
  atomic { seen = runWord[r]; runWord[r] = 0 };
  if
  :: seen & SLEEPER -> WAKE(RUN_KEY(r), me)
  :: else
  fi;
#endif
  ended++
}

#endif

init {
  byte j;
  atomic {
#ifdef CROSS
    run Deliverer(0); run Deliverer(1)
#else
    run Deliverer(); run Disposer(1); run Disposer(2)
#endif
  };
  ended == NTHREADS;
  j = 0;
  do
  :: j < NTHREADS -> assert(!listed[j] && sem[j] == 0); j++
  :: else -> break
  od;
  assert(bucketLock == 0)
}

#ifdef LIVENESS
ltl terminates { <> (ended == NTHREADS) }
#endif
