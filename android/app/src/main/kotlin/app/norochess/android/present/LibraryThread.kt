package app.norochess.android.present

import java.util.concurrent.Executor
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.EmptyCoroutineContext
import kotlinx.coroutines.asCoroutineDispatcher

/**
 * Where the calls that write the library's file run: the game's moves (each
 * one saved within the session's call), takebacks, resignations, the clock's
 * ticks, rematches, settings changes and deletions. On the phone it is one
 * thread of its own, so a slow disk never holds a frame, and the writes land
 * one at a time in the order the player made them (a settings change and the
 * next one, a move and the next): the library's conditional writes rely on
 * that order. Answers the screens need come back on [main].
 *
 * [inline] runs everything at once on the caller's thread, for the desktop
 * rail, whose tests drive the controllers from their own thread.
 */
class LibraryThread private constructor(
    private val worker: Executor,
    private val main: Executor,
    /** The coroutine context of the searches and the clock's ticks (they call the session too). */
    val context: CoroutineContext,
    private val owned: ExecutorService?,
) {
    private val pending = AtomicInteger()

    /** No call is queued or running and no answer waits for [main]: tests wait for this (an idling resource). */
    val isIdle: Boolean get() = pending.get() == 0

    /** Runs [work] on the library's thread, after everything asked before it. */
    fun run(work: () -> Unit) {
        pending.incrementAndGet()
        try {
            worker.execute {
                try {
                    work()
                } finally {
                    pending.decrementAndGet()
                }
            }
        } catch (e: java.util.concurrent.RejectedExecutionException) {
            // The app is closing: the thread has stopped taking work.
            pending.decrementAndGet()
            throw e
        }
    }

    /** Runs [work] on the library's thread, then [answer] with its value on the main thread. */
    fun <T> run(work: () -> T, answer: (T) -> Unit) {
        pending.incrementAndGet()
        run {
            val value = work()
            main.execute {
                try {
                    answer(value)
                } finally {
                    pending.decrementAndGet()
                }
            }
        }
    }

    /**
     * Runs [work] on the main thread (at once where the library thread is
     * [inline]). State the screens observe is set there: a StateFlow set on
     * the library thread resumes its collectors on that thread wherever their
     * dispatcher runs them at once (the Compose test clock's does), and the
     * recomposition that follows must not touch views off the main thread.
     */
    fun onMain(work: () -> Unit) {
        pending.incrementAndGet()
        main.execute {
            try {
                work()
            } finally {
                pending.decrementAndGet()
            }
        }
    }

    /**
     * Lets what was asked finish (the last save before the library closes), for
     * at most [millis]; then the thread takes no more work. True when all of it ran.
     */
    fun finish(millis: Long): Boolean {
        val service = owned ?: return true
        service.shutdown()
        return service.awaitTermination(millis, TimeUnit.MILLISECONDS)
    }

    companion object {
        /** The phone's library thread; answers are handed to [main] (the main looper). */
        fun ownThread(main: Executor): LibraryThread {
            val service = Executors.newSingleThreadExecutor { task -> Thread(task, "norochess-library").apply { isDaemon = true } }
            return LibraryThread(service, main, service.asCoroutineDispatcher(), service)
        }

        /** Everything at once on the caller's thread (the desktop rail's tests). */
        fun inline(): LibraryThread = LibraryThread(Executor { it.run() }, Executor { it.run() }, EmptyCoroutineContext, null)
    }
}
