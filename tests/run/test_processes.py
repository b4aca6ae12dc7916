"""The worker processes of a parallel run end at once when the run is interrupted, and
no process of the program's own is ended with them."""

from __future__ import annotations

import multiprocessing
import time

import pytest

from notation.check.dialects import NO_DIALECTS
from notation.run.batch import Processes

GAME = '[GameType "20"]\n1. 32-28 19-23 *\n'


def test_an_interrupted_run_ends_its_workers_and_no_other_child() -> None:
    other = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(60,))
    other.start()
    try:
        with pytest.raises(KeyboardInterrupt), Processes(2) as processes:
            done = [processes.submit([("a.pdn", 1, GAME)], None, False, NO_DIALECTS)]
            done.append(processes.submit([("b.pdn", 1, GAME)], None, False, NO_DIALECTS))
            assert len(done[0].result()) == 1
            workers = [p for p in multiprocessing.active_children() if p is not other]
            raise KeyboardInterrupt
        assert len(workers) == 2
        assert [w.is_alive() for w in workers] == [False, False]
        assert other.is_alive()
    finally:
        other.terminate()
        other.join()
