"""The rules files' TOML as parsed, kept between runs: parsing the seven files is most of
loading the ruleset, which every command that opens a game does.

A document is kept under the SHA-256 of its text, so an edited file is parsed anew and an
entry can never stand for another text; it is kept in marshal's format (plain data: tables,
arrays, strings, numbers, booleans; a document holding a TOML date is not kept), in a
folder of the user's cache that only he may read (`$XDG_CACHE_HOME/pbem/rules`, by
default `~/.cache/pbem/rules`). Whatever goes wrong with the folder or an entry (a full
disk, another user's folder, a file cut short) costs a parse, never the command.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from pathlib import Path
from typing import Any, Callable

# marshal's format may change between Python versions: each keeps its own entries.
_PYTHON = f"py{sys.version_info[0]}{sys.version_info[1]}"


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pbem" / "rules"


def _private_folder() -> Path | None:
    """The cache folder, made if it is missing; None unless it is a real folder of this
    user that no one else may write to (an entry is data this process trusts)."""
    path = folder()
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(path)
    except OSError:
        return None
    if not os.path.isdir(path) or os.path.islink(path) or st.st_mode & 0o022:
        return None
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return None
    return path


def parsed(text: str, parse: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """`parse(text)`, from the cache when this text was parsed before."""
    key = f"{hashlib.sha256(text.encode('utf-8')).hexdigest()}.{_PYTHON}.marshal"
    path = _private_folder()
    if path is not None:
        try:
            doc = marshal.loads((path / key).read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            pass
        else:
            if type(doc) is dict:
                return doc
    doc = parse(text)  # a syntax error is raised here, and nothing is kept
    if path is not None:
        _keep(path / key, doc)
    return doc


def _keep(path: Path, doc: dict[str, Any]) -> None:
    try:
        data = marshal.dumps(doc)
    except ValueError:  # a TOML date or time: not plain data, parsed at every run
        return
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        part.write_bytes(data)
        os.replace(part, path)  # whole or not at all: a reader never sees a file cut short
    except OSError:
        try:
            part.unlink()
        except OSError:
            pass
