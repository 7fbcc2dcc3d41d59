"""Where the widget's slow work runs: the solver off the kernel's main thread, and the
timed steps of a solution replayed on the table; and what is let go when the interpreter
ends. Knows nothing of games or widgets."""

from __future__ import annotations

import asyncio
import atexit
import gc
import logging
import sys
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

__all__ = ["KernelScheduler", "ManualScheduler", "Scheduler", "close_at_exit"]

_log = logging.getLogger(__name__)

# Objects whose close() lets go of the searches they keep (the compiled core's objects
# among them), closed when the interpreter ends if they are still alive: a table left
# open in a script would otherwise still hold its searches when the interpreter tears
# the compiled module down, and nanobind reports them as leaked on stderr.
_AT_EXIT: weakref.WeakSet[Any] = weakref.WeakSet()
# The timers of a plain script (no event loop), stopped at exit before those objects
# close: a timer that fires then (the live answer's next slice) holds the search it
# takes up in its frame while the interpreter tears the core down, so it must have
# finished first.
_TIMERS: weakref.WeakSet[threading.Timer] = weakref.WeakSet()


def close_at_exit(obj: Any) -> None:
    """``obj.close()`` runs at interpreter exit unless ``obj`` is gone before."""
    _AT_EXIT.add(obj)


def _close_all() -> None:
    # atexit runs after threading has joined the worker threads (a search running at
    # the end has finished its slice), before the modules are torn down; the timers are
    # daemon threads, not joined: cancelled here, and one already running is waited for
    for timer in list(_TIMERS):
        timer.cancel()
    for timer in list(_TIMERS):
        if timer.is_alive() and timer is not threading.current_thread():
            timer.join(timeout=5.0)
    for obj in list(_AT_EXIT):
        try:
            obj.close()
        except Exception:  # shutting down: say it, but let the others go too
            _log.exception("solitaire_widget: error while closing %r at exit", obj)
    gc.collect()


atexit.register(_close_all)


class Scheduler(Protocol):
    """Where the widget's slow work runs: the solver, off the kernel's main thread, and
    the replay's timed steps.

    ``later(delay, fn)`` calls ``fn()`` after ``delay`` seconds and returns a function
    that cancels the call. ``background(work, done)`` runs ``work()`` somewhere that
    does not hold up the kernel, then ``done(result)`` (``work`` never raises: the
    widget wraps it).
    """

    def later(self, delay: float, fn: Callable[[], None]) -> Callable[[], None]: ...

    def background(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None: ...


_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    """Two worker threads shared by every widget: the solver is pure Python, so more
    would only compete for the GIL."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="solitaire-solver")
        return _POOL


# Pyodide (JupyterLite) runs Python in a web worker with no threads; its asyncio loop
# (the WebLoop, driven by the browser's own event loop) is always there.
_NO_THREADS = sys.platform == "emscripten"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        if _NO_THREADS:
            return asyncio.get_event_loop()
        return None


class KernelScheduler:
    """The default. In a kernel (ipykernel runs its handlers, and cells, on an asyncio
    loop in the main thread) timed calls are ``loop.call_later`` and finished work
    comes back through the loop, so everything that touches the game or the traits
    runs on the main thread between messages, never beside them. Without a running
    loop (a plain script) it falls back to ``threading.Timer`` and a worker thread; the
    widget then serialises its handlers with a lock. In Pyodide (JupyterLite), which has
    no threads, the work runs on its asyncio loop between messages instead."""

    def later(self, delay: float, fn: Callable[[], None]) -> Callable[[], None]:
        loop = _running_loop()
        if loop is not None:
            return loop.call_later(delay, fn).cancel
        timer = threading.Timer(delay, fn)
        timer.daemon = True
        _TIMERS.add(timer)
        timer.start()
        return timer.cancel

    def background(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        loop = _running_loop()
        if loop is not None and _NO_THREADS:
            # no thread to search in: the search runs on the loop, after this message
            loop.call_soon(lambda: done(work()))
        elif loop is not None:
            future = loop.run_in_executor(_pool(), work)
            future.add_done_callback(lambda f: None if f.cancelled() else done(f.result()))
        else:
            _pool().submit(lambda: done(work()))


class ManualScheduler:
    """Runs nothing behind your back, for tests and scripted replays: background work
    runs at once, and timed calls wait in ``pending`` until ``run_next()`` or
    ``run_all()``."""

    def __init__(self) -> None:
        self.pending: list[tuple[float, Callable[[], None]]] = []

    def later(self, delay: float, fn: Callable[[], None]) -> Callable[[], None]:
        item = (delay, fn)
        self.pending.append(item)

        def cancel() -> None:
            if item in self.pending:
                self.pending.remove(item)

        return cancel

    def background(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        done(work())

    def run_next(self) -> bool:
        """Runs the oldest pending call; False when there was none."""
        if not self.pending:
            return False
        _, fn = self.pending.pop(0)
        fn()
        return True

    def run_all(self, limit: int = 100_000) -> int:
        """Runs pending calls (and those they schedule) until none is left."""
        n = 0
        while n < limit and self.run_next():
            n += 1
        return n
