"""Where PHH text comes from and goes to: paths, file objects, directories, patterns.

>>> import io
>>> _read_text(io.StringIO("variant = 'NT'"))
"variant = 'NT'"
"""

from __future__ import annotations

import glob
import io
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Union, cast

from croupier.errors import PHHError

PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


def _open(path: str | os.PathLike[str]) -> IO[bytes]:
    """``path`` opened for reading in binary, if it is a regular file.

    Anything else is refused with a :class:`PHHError`: a FIFO with no writer
    would block ``open`` forever, a device such as ``/dev/zero`` never ends
    (a pipe's contents can still be read through its file object).  The file
    is opened without blocking and checked before anything is read from it.

    >>> try:
    ...     _open("/dev/null")
    ... except PHHError as exc:
    ...     print(exc)
    /dev/null: not a regular file (FIFOs and devices are not read; pass a pipe's file object)
    """
    return open(os.fspath(path), "rb", opener=_regular)  # its name is the path


def _regular(path: str, flags: int) -> int:
    """``open``'s opener for :func:`_open`: the file descriptor of a regular file."""
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise PHHError(
                f"{path}: not a regular file (FIFOs and devices are not read; "
                "pass a pipe's file object)",
                path=path,
            )
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read_text(source: PathOrFile) -> str:
    if isinstance(source, (str, os.PathLike)):
        with _open(source) as f:
            data: str | bytes = f.read()
    else:
        data = source.read()
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PHHError(f"not UTF-8 text: {exc}") from None
    return data


def _write_text(text: str, target: PathOrFile) -> None:
    if isinstance(target, (str, os.PathLike)):
        with open(target, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    elif isinstance(target, (io.RawIOBase, io.BufferedIOBase)):
        target.write(text.encode("utf-8"))
    else:
        cast(IO[str], target).write(text)


Source = Union[PathOrFile, Iterable[Union[str, "os.PathLike[str]"]]]  # noqa: UP007
"""What :func:`iter_load` and :func:`files` read: a path (a file, a directory or a
glob pattern), a file object, or an iterable of paths."""


_PHH_SUFFIXES = (".phh", ".phhs")


def files(source: Source, suffixes: tuple[str, ...] = _PHH_SUFFIXES) -> list[Path]:
    """The PHH files of ``source``: a path, a directory (every ``.phh`` and ``.phhs``
    file under it, recursively; ``suffixes`` says which), a glob pattern, or an
    iterable of those; each directory's and pattern's files sorted, in the order given.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for name in ("b.phhs", "a.phh", "notes.txt"):
    ...         _ = Path(folder, name).write_text("")
    ...     [p.name for p in files(folder)], [p.name for p in files(Path(folder, "*.phh*"))]
    (['a.phh', 'b.phhs'], ['a.phh', 'b.phhs'])
    """
    given = [source] if isinstance(source, (str, os.PathLike)) else source
    found: list[Path] = []
    for item in given:
        if not isinstance(item, (str, os.PathLike)):
            raise ValueError(f"expected a path, got {type(item).__name__}")
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in suffixes and p.is_file())
        elif path.exists():
            found.append(path)
        elif glob.has_magic(str(item)):
            matches = sorted(glob.glob(str(item), recursive=True))
            if not matches:
                raise FileNotFoundError(f"no file matches {str(item)!r}")
            found += [Path(m) for m in matches if not Path(m).is_dir()]
        else:
            raise FileNotFoundError(f"no such file or directory: {str(item)!r}")
    return found
