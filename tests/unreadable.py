"""Run a test's step where a file of mode 000 cannot be read, whoever runs the tests.

Root reads any file: not through its user id but through two capabilities,
CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH. A forked child that gives them up keeps its user
id, so it still reads everything its user owns (the clone, this Python and its standard
library, wherever they are installed and however private their folder), and meets mode 000
as any user does. Dropping to another user (nobody) instead fails wherever that user may
not read the clone or the Python installation, and in the ways that depend on which
modules the tests before happened to import.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import signal
import tempfile
import time
import traceback
from typing import Any, Callable

import pytest

_CAPABILITY_VERSION_3 = 0x20080522  # linux/capability.h: two 32-bit words of each set
_READING_RIGHTS = (1 << 1) | (1 << 2)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH


class _Header(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _Sets(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                ("inheritable", ctypes.c_uint32)]


def _give_up_reading_rights() -> None:
    """This process meets file modes as their owner's user does (root included)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    header, sets = _Header(_CAPABILITY_VERSION_3, 0), (_Sets * 2)()
    if libc.capget(ctypes.byref(header), sets) != 0:
        raise OSError(ctypes.get_errno(), "capget")
    for name in ("effective", "permitted", "inheritable"):
        setattr(sets[0], name, getattr(sets[0], name) & ~_READING_RIGHTS)
    if libc.capset(ctypes.byref(header), sets) != 0:
        raise OSError(ctypes.get_errno(), "capset")


def _mode_000_is_unreadable() -> bool:
    with tempfile.NamedTemporaryFile() as probe:
        os.chmod(probe.name, 0)
        try:
            with open(probe.name, "rb"):
                return False
        except PermissionError:
            return True


def without_reading_rights(step: Callable[[], Any], seconds: float = 120) -> Any:
    """`step()` run in a forked child that cannot read files of mode 000; its result (to
    be pickled) is returned, its error raised as an AssertionError with the child's
    traceback. A step still running after `seconds` has blocked: the test fails."""
    fd, out = tempfile.mkstemp(prefix="pbem-child-")
    os.close(fd)
    try:
        pid = os.fork()
        if pid == 0:  # the child: whatever happens, it leaves by os._exit
            outcome: tuple[str, Any] = ("error", "the child did not finish")
            try:
                _give_up_reading_rights()
                if not _mode_000_is_unreadable():
                    outcome = ("skip", "this system lets the tests read files of mode 000")
                else:
                    outcome = ("done", step())
            except BaseException:  # noqa: BLE001 - reported to the parent
                outcome = ("error", traceback.format_exc())
            finally:
                with open(out, "wb") as f:
                    pickle.dump(outcome, f)
                os._exit(0)
        deadline = time.monotonic() + seconds
        while True:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                pytest.fail(f"still running after {seconds:.0f} s: it blocked")
            time.sleep(0.05)
        with open(out, "rb") as f:
            kind, value = pickle.load(f)
    finally:
        os.unlink(out)
    if kind == "skip":
        pytest.skip(value)
    if kind == "error":
        raise AssertionError(value)
    return value
