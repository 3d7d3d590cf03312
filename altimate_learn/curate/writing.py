"""Writing a lesson file fast at 10,000 lessons: canonical JSON (:func:`altimate_learn.store.fsio.canonical_json`),
with the lessons a reflection left unchanged copied as runs of the bytes of the file they were read from, and only
the changed ones validated again (split from :mod:`altimate_learn.curate.prepared`, which reads and caches).

A canonical lesson file puts each lesson at two spaces and each of its keys at four, and writes a newline inside a
string as an escape; so a lesson's id line names the lesson it is in, and runs of lessons can be found and checked
by their first and last ids without splitting the whole file (:class:`_Slices`)."""

from __future__ import annotations

import itertools
import json
import operator
from typing import TYPE_CHECKING, Any

from altimate_learn.schema import validate_lesson, validate_lessons
from altimate_learn.store import fsio

if TYPE_CHECKING:
    from altimate_learn.curate.prepared import LessonFile

Lesson = dict[str, Any]

_BETWEEN = b"\n  },\n  {\n"  # between two lessons of a canonical lesson file, and nowhere else in it
_OPEN = b"\n  {\n"     # a lesson opens (after "[" or ","): at two spaces, only lessons open or close
_CLOSE = b"\n  }"       # a lesson closes (its inner lines are indented further)


def _id_line(lesson_id: str) -> bytes:
    """A lesson's id line in a canonical file: at four spaces, only a lesson's own keys start a line (a
    newline inside a string is written as an escape), so it names the lesson it is in."""
    return f'\n    "id": {json.dumps(lesson_id)},\n'.encode("utf-8")


class _Slices:
    """Where the lessons of a canonical file are, found only for the lessons asked about: a reflection at
    10,000 lessons copies a handful of runs of unchanged lessons, so splitting the whole file (and checking
    every id) cost more than the rest of the writing. Each run is checked where it is copied: its first
    and last lessons carry the ids the file's lessons have there, and it holds exactly as many lessons as
    the run. None from :meth:`run` means "do not copy from this file" (not the file the cache took it for)."""

    def __init__(self, source: LessonFile) -> None:
        self.raw = source.raw
        self.view = memoryview(source.raw)
        self.ids = source.ids
        self.at = 0  # where the last run ended: runs mostly follow the file's order

    def _find(self, needle: bytes) -> int:
        found = self.raw.find(needle, self.at)
        return found if found >= 0 else self.raw.find(needle, 0, self.at + len(needle))

    def run(self, first: int, last: int) -> memoryview | None:
        """The bytes of the file's lessons ``first``..``last`` (inclusive), as written there (not copied)."""
        raw = self.raw
        head = self._find(_id_line(self.ids[first]))
        if head < 0:
            return None
        start = raw.rfind(_OPEN, 0, head) + 1  # "  {" of lesson ``first``
        tail = head if last == first else self._find(_id_line(self.ids[last]))
        if start <= 0 or tail < head:
            return None
        end = raw.find(_CLOSE, tail)
        if end < 0:
            return None
        end += len(_CLOSE)
        if raw.count(_BETWEEN, start, end) != last - first:
            return None
        self.at = end
        return self.view[start:end]


def _copyable(source: LessonFile) -> bool:
    """Whether ``source`` looks like a canonical lesson file (as the cache says it is)."""
    raw = source.raw
    return (source.canonical and bool(source.lessons) and raw.startswith(b"[\n  {\n")
            and raw.endswith(b"\n  }\n]\n"))


def _canonical_item(lesson: Lesson) -> str:
    """``lesson`` as it appears inside a canonical lesson file (indented one level)."""
    return "  " + fsio.canonical_json(lesson)[:-1].replace("\n", "\n  ")


def _unchanged(lessons: list[Lesson], source: LessonFile | None) -> list[int | None]:
    """For each lesson, its place in ``source`` when it is there unchanged (equal), else None."""
    if source is None:
        return [None] * len(lessons)
    olds = source.lessons
    where = dict(zip(source.ids, range(len(olds))))
    if not all(map(isinstance, lessons, itertools.repeat(dict))):
        return [where.get(lesson.get("id")) if isinstance(lesson, dict) and lesson.get("id") in where
                and olds[where[lesson["id"]]] == lesson else None for lesson in lessons]
    # Mapped in C: each lesson's place in the source (or past its end: none), then one comparison each.
    places = list(map(where.get, map(operator.methodcaller("get", "id"), lessons), itertools.repeat(len(olds))))
    padded = [*olds, None]
    return [n if same else None for n, same in zip(places, map(operator.eq, lessons, map(padded.__getitem__, places)))]


def canonical_bytes(lessons: list[Lesson], source: LessonFile | None = None,
                    unchanged: list[int | None] | None = None) -> bytes:
    """:func:`altimate_learn.store.fsio.canonical_json` of ``lessons``, encoded; lessons equal to their
    version in the canonical ``source`` file reuse its text."""
    if not lessons or source is None or not _copyable(source):
        return fsio.canonical_json(lessons).encode("utf-8")
    places = _unchanged(lessons, source) if unchanged is None else unchanged
    slices = _Slices(source)
    # Runs of lessons that follow each other unchanged, as in the file, are copied as one slice of it.
    if len(places) > 64:
        return _by_runs(lessons, places, slices)
    items: list[bytes | memoryview] = []
    run: int | None = None  # where the current run starts in the file (a lesson number)
    previous: int | None = None
    for lesson, n in zip(lessons, places):
        if run is not None and (n is None or n != previous + 1):  # type: ignore[operator]
            piece = slices.run(run, previous)  # type: ignore[arg-type]
            if piece is None:
                return fsio.canonical_json(lessons).encode("utf-8")  # write every lesson anew
            items.append(piece)
            run = None
        if n is None:
            items.append(_canonical_item(lesson).encode("utf-8"))
        elif run is None:
            run = n
        previous = n
    if run is not None:
        piece = slices.run(run, previous)  # type: ignore[arg-type]
        if piece is None:
            return fsio.canonical_json(lessons).encode("utf-8")
        items.append(piece)
    return b"[\n" + b",\n".join(items) + b"\n]\n"


def _by_runs(lessons: list[Lesson], places: list[int | None], slices: _Slices) -> bytes:
    """:func:`canonical_bytes`'s loop for many lessons: where a run of unchanged lessons breaks is found in C
    (a lesson not in the file, or not right after the one before it there), so only the few breaks are
    gone through one by one."""
    count = len(places)
    # Each lesson's place in the file; a lesson not there gets a negative number of its own, which never
    # follows the number before it.
    numbered = list(range(-3, -3 - count, -1))
    for at in itertools.compress(range(count), map(operator.is_not, places, itertools.repeat(None))):
        numbered[at] = places[at]
    breaks = list(itertools.compress(range(1, count), map(operator.ne, map(operator.sub, numbered[1:], numbered[:-1]),
                                                          itertools.repeat(1))))
    items: list[bytes | memoryview] = []
    start = 0
    for end in [*breaks, count]:  # lessons start..end-1: one run of the file, or one lesson not in it
        first = places[start]
        if first is None:
            items.append(_canonical_item(lessons[start]).encode("utf-8"))
        else:
            piece = slices.run(first, first + end - start - 1)
            if piece is None:
                return fsio.canonical_json(lessons).encode("utf-8")  # write every lesson anew
            items.append(piece)
        start = end
    return b"[\n" + b",\n".join(items) + b"\n]\n"


def _unique_ids(lessons: list[Any], ids: list[str] | None = None) -> bool:
    """Whether every item is a dict and no two share an id (counted in C; ``ids``: their ids, when known)."""
    if not all(map(isinstance, lessons, itertools.repeat(dict))):
        return False
    try:
        return len(set(map(operator.methodcaller("get", "id"), lessons) if ids is None else ids)) == len(lessons)
    except TypeError:  # an unhashable id: validation names it
        return False


def _places(lessons: list[Lesson], source: LessonFile, same: list[bool],
            ids: list[str] | None = None) -> list[int | None]:
    """:func:`_unchanged`, from ``same`` (each lesson equal to the lesson of ``source`` with its id, or not;
    ``ids``: the lessons' ids, when known)."""
    where = dict(zip(source.ids, range(len(source.ids))))
    ids = map(operator.itemgetter("id"), lessons) if ids is None else ids
    return [n if equal else None for n, equal in zip(map(where.get, ids), same)]


def write(store: Any, filename: str, lessons: list[Lesson], source: LessonFile | None = None, *,
          same: list[bool] | None = None, ids: list[str] | None = None) -> bytes:
    """Validate and write ``lessons`` as :meth:`Store.write_lessons` does (canonical JSON, atomic, nothing
    written when the bytes would not change); lessons equal to those of the validated ``source`` are not
    validated again. ``same``, when the caller compared them already: for each lesson, whether it equals
    the lesson of ``source`` with its id; ``ids``, when the caller has them: the lessons' ids, in order.
    Returns the bytes of the file."""
    path = str(store.path(filename))
    retired = filename in store.RETIRED_FILES
    if not isinstance(lessons, list):
        validate_lessons(lessons, path, retired=retired)
    if ids is not None and len(ids) != len(lessons):
        ids = None
    if source is not None and same is not None and len(same) == len(lessons) \
            and all(map(isinstance, lessons, itertools.repeat(dict))):
        unchanged = _places(lessons, source, same, ids)
    else:
        unchanged = _unchanged(lessons, source)
    if not _unique_ids(lessons, ids):
        validate_lessons(lessons, path, retired=retired)  # raises the first problem, in file order
    # Lessons not in the source unchanged are validated, in order (found in C: at 10,000 lessons, a few).
    for index in itertools.compress(range(len(lessons)), map(operator.is_, unchanged, itertools.repeat(None))):
        validate_lesson(lessons[index], path, index, retired=retired)
    data = canonical_bytes(lessons, source, unchanged)
    store.ensure()
    if filename == store.CANDIDATE:
        store.stage_base()
    target = store.path(filename)
    try:
        if target.read_bytes() == data:
            return data
    except (FileNotFoundError, IsADirectoryError):
        pass
    fsio.atomic_write(target, data, within=store.folder(filename))
    return data
