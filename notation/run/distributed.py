"""Validation on a Dask distributed cluster: the engine of ``validate --scheduler``.

:func:`connect` joins the scheduler at an address (``tcp://host:port``, as ``dask
scheduler`` prints it, or ``tls://host:port`` with Dask's own TLS configuration) or starts
a local cluster (``local``), and gives an :class:`notation.run.batch.Engine` that sends
each batch of pieces to the cluster as one task (and any other task of a run:
:class:`notation.run.batch.Workers`). The run is
:func:`notation.run.batch.validate_inputs`'s, the same batches and the same order, so
the report is the one ``--jobs 1`` gives. A worker that dies takes its tasks with it; the
scheduler gives them to another worker, and each task's result is taken once. Dask
(``distributed``) is imported here only, when a run asks for a cluster: it comes with the
``notation[dask]`` extra. Workers must have this machine's version of notation installed;
:func:`connect` refuses those that do not.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from notation.run.batch import (
    Done,
    Pending,
    Piece,
    Workers,
    usable_cpus,
    validate_pieces,
)
from notation.run.settings import INSTALL, NO_DASK, scheduler_problem

if TYPE_CHECKING:
    import distributed

DEFAULT_TIMEOUT = 10.0
"""Seconds to wait, in all, for the scheduler to answer and a worker to join it."""


R = TypeVar("R")


class ClusterError(Exception):
    """The cluster cannot be used, or lost a task; the message says why, in a line."""


@contextlib.contextmanager
def connect(
    address: str, *, timeout: float = DEFAULT_TIMEOUT, workers: int | None = None
) -> Iterator[Workers]:
    """An engine on the Dask cluster whose scheduler is at ``address``, or on a local
    cluster of ``workers`` processes (one per CPU when ``None``) for ``local``, open until
    the block ends. :class:`ClusterError` when Dask is not installed, when no scheduler
    answers or no worker joins it within ``timeout`` seconds (one deadline for both), and
    when the server at the address is not a Dask scheduler."""
    problem = scheduler_problem(address)
    if problem is not None:
        raise ClusterError(problem)
    try:
        import distributed
    except ImportError:
        raise ClusterError(NO_DASK) from None
    import logging
    import signal
    import threading

    with contextlib.ExitStack() as stack:
        if threading.current_thread() is threading.main_thread():
            # The command line lets a closed pipe's signal end it quietly (``| head``); a
            # connection to the cluster that closes must be Dask's error instead (a lost
            # scheduler is a plain error), as Python has it by default.
            stack.callback(signal.signal, signal.SIGPIPE, signal.getsignal(signal.SIGPIPE))
            signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        # Dask logs what goes wrong with tracebacks on standard error; the run says it in a
        # line of its own instead (ClusterError).
        for name in ["distributed", *logging.root.manager.loggerDict]:
            if name.startswith("distributed"):
                logger = logging.getLogger(name)
                stack.callback(logger.setLevel, logger.level)
                logger.setLevel(logging.CRITICAL)
        deadline = time.monotonic() + timeout
        if address == "local":
            try:
                local = distributed.LocalCluster(
                    n_workers=workers or usable_cpus(),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # any free port, not 8787 (may be taken)
                    worker_dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
            except (OSError, RuntimeError, TimeoutError) as error:
                raise ClusterError(f"cannot start a local Dask cluster: {error}") from None
            stack.enter_context(local)
            address = local.scheduler_address
        else:
            _probe(address, timeout, deadline)
        silent = f"no Dask scheduler answered at {address} within {timeout:g} s"
        try:
            client = distributed.Client(address, timeout=_left(deadline), set_as_default=False)
        except (OSError, TimeoutError):
            raise ClusterError(silent) from None
        stack.enter_context(client)
        try:
            client.wait_for_workers(1, timeout=_left(deadline))
        except (OSError, TimeoutError):
            raise ClusterError(
                f"the Dask scheduler at {address} has no worker: none joined within {timeout:g} s"
            ) from None
        _same_notation(client, address)
        yield _Cluster(client)


def _left(deadline: float) -> float:
    """Seconds to ``deadline`` (a moment, not none: Dask reads 0 as no limit)."""
    return max(0.01, deadline - time.monotonic())


def _probe(address: str, timeout: float, deadline: float) -> None:
    """Make sure a Dask scheduler answers at ``address`` by ``deadline`` (``timeout``
    seconds from the start): the handshake and an ``identity`` call. Dask's own client waits
    without end for the handshake of a server that accepts and never answers, and takes
    the first bytes of any other server's answer (an HTTP server's) for the length of a
    message it then fails to allocate. :class:`ClusterError` on any failure."""
    import asyncio

    from distributed.comm.core import connect as comm_connect
    from distributed.security import Security

    async def identity() -> object:
        arguments = Security().get_connection_args("client")
        comm = await comm_connect(address, timeout=_left(deadline), **arguments)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        found = asyncio.run(asyncio.wait_for(identity(), _left(deadline)))
    except (OSError, TimeoutError):
        raise ClusterError(
            f"no Dask scheduler answered at {address} within {timeout:g} s"
        ) from None
    except Exception:
        # The protocol is not Dask's (a frame too large to allocate, bytes that are no
        # message): whatever the server is, it is not a scheduler.
        found = None
    if not isinstance(found, dict) or found.get("type") != "Scheduler":
        raise ClusterError(
            f"the server at {address} is not a Dask scheduler: it does not answer as one"
        )


def installed() -> str:
    """The version of notation installed here."""
    from importlib import metadata

    return metadata.version("notation")


def _same_notation(client: distributed.Client, address: str) -> None:
    """Refuse a cluster whose workers have another version of notation, or none: their
    verdicts could differ from this machine's."""
    from importlib import metadata

    try:
        found = client.run(metadata.version, "notation")
    except Exception as error:
        raise ClusterError(
            f"the Dask workers at {address} cannot run notation ({type(error).__name__}: "
            f"{error}): install it there ({INSTALL})"
        ) from None
    own = installed()
    other = sorted({version for version in found.values() if version != own})
    if other:
        raise ClusterError(
            f"the Dask workers at {address} have notation {', '.join(other)}, "
            f"this machine {own}: install the same version on both"
        )


class _Cluster:
    """Batches sent to a Dask cluster, two tasks in flight for each worker thread."""

    def __init__(self, client: distributed.Client) -> None:
        self.client = client
        self.width = 2 * max(1, sum(client.nthreads().values()))

    def submit(
        self, pieces: list[Piece], game: str | None, keys: bool, dialects: frozenset[str]
    ) -> Done:
        return self.call(validate_pieces, pieces, game, keys, dialects)

    def call(self, task: Callable[..., R], /, *args: Any) -> Pending[R]:
        return _Task(self.client.submit(task, *args, pure=False))


class _Task(Generic[R]):
    """A task sent to the cluster."""

    __slots__ = ("future",)

    def __init__(self, future: distributed.Future[R]) -> None:
        self.future = future

    def result(self) -> R:
        from concurrent.futures import CancelledError

        import distributed

        try:
            found: R = self.future.result()
        except (CancelledError, OSError, distributed.KilledWorker) as error:
            # KilledWorker: the task's workers died one after the other running it.
            reason = " ".join(str(error).split())
            raise ClusterError(f"the Dask cluster lost a task: {reason}") from None
        return found
