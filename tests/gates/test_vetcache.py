"""Issue 19: at 10,000 vetted lessons a curation splices `vetted.json` and remembers (user cache) which
lessons are due for a re-vet. None of that may change a byte of `vetted.json` or a verdict: these tests
compare with the uncached computation, edit files behind the cache's back and break the cache files."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from altimate_learn.curate import apply
from altimate_learn.curate.curator import curate
from altimate_learn.gates import screen, stamps, vetcache
from altimate_learn.instructions.files import discover
from altimate_learn.store import ProjectPaths, Store, fsio
from tests.curate.helpers import add, lesson, make_store

AGENTS = "# Rules\n\n- Use pnpm, never npm.\n- Run `pytest -q` before you commit.\n"
TEXTS = [f"Prefer `{word}_id` in the {word} marts for rule {n}." for n, word in enumerate(
    ["orders", "payments", "customers", "invoices", "events", "sessions", "refunds", "ledger", "accounts",
     "shipments", "carts", "plans"])]


def _template(root: Path) -> Path:
    """12 lessons: most vetted now, two stale, two never vetted, one whose text changed since its stamp."""
    lessons = [lesson(f"L-{n:04x}", text) for n, text in enumerate(TEXTS)]
    store = make_store(root, approved=lessons)
    (root / "AGENTS.md").write_text(AGENTS)
    now = discover(root).hash
    vetted = {}
    for n, item in enumerate(lessons):
        if n in (3, 7):
            continue  # never vetted
        vetted[item["id"]] = {"ih": "0ld0ld0ld0ld0ld0" if n in (1, 9) else now, "th": stamps.text_hash(
            "an older text" if n == 5 else item["text"]), "by": "offline", "channel": "learner", "at": "2026-01-01"}
    store.write_json(stamps.VETTED, {"lessons": vetted})
    return root


def _store(root: Path) -> Store:
    return Store(ProjectPaths(root), "team-playbook")


def _reflect(root: Path, cache: Path, monkeypatch, step: int) -> tuple[bytes, dict, list[str]]:
    """One curation with the user's cache in ``cache``: the bytes of `vetted.json`, the vet's summary and the
    candidate's ids."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    result = curate(_store(root), [add(f"Name every `stage_{step}_model` after its source system.")],
                    now=f"2026-02-0{step + 1}T00:00:00.000Z")
    data = (_store(root).path(stamps.VETTED)).read_bytes()
    return data, result.vet, [item["id"] for item in result.candidate]


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch):
    monkeypatch.setattr(screen, "_now", lambda: "2026-02-02T00:00:00.000Z")
    monkeypatch.setattr(screen, "MAX_OFFLINE_REVETS", 2)  # due lessons are left over from pass to pass
    monkeypatch.setattr(vetcache, "MIN_STAMPS", 0)  # the cache is used for a store this small too
    monkeypatch.setattr(apply, "new_lesson_id", _next_id)  # the same ids in both runs


def _next_id(taken) -> str:
    return next(f"L-{n:08x}" for n in range(0xA0000000, 0xA0001000) if f"L-{n:08x}" not in taken)


def _uncached(root: Path, tmp_path: Path, monkeypatch, step: int, tag: str):
    """The same curation on a copy of ``root`` with an empty cache: the plain computation."""
    copy = tmp_path / f"plain-{tag}-{step}"
    shutil.copytree(root, copy)
    fresh = tmp_path / f"empty-cache-{tag}-{step}"
    return _reflect(copy, fresh, monkeypatch, step)


def _cache_files(cache: Path) -> list[Path]:
    return sorted(p for p in (cache / "altimate-learn" / "vetted").rglob("*") if p.suffix in (".due", ".vok"))


def test_warm_curations_write_the_same_bytes_and_verdicts_as_the_uncached_ones(tmp_path, monkeypatch):
    root = _template(tmp_path / "repo")
    cache = tmp_path / "cache"
    for step in range(5):  # 2 re-vets a pass: the stale and unvetted lessons are worked off over the passes
        expected = _uncached(root, tmp_path, monkeypatch, step, "warm")
        got = _reflect(root, cache, monkeypatch, step)
        assert got == expected
    assert any(p.suffix == ".due" for p in _cache_files(cache)) and any(p.suffix == ".vok" for p in _cache_files(cache))
    assert got[1].get("restamped") is None  # all worked off: nothing left due
    assert all(s["ih"] == discover(root).hash for s in json.loads(got[0])["lessons"].values())


def _warm(tmp_path: Path, monkeypatch) -> tuple[Path, Path]:
    root = _template(tmp_path / "repo")
    cache = tmp_path / "cache"
    for step in range(4):
        _reflect(root, cache, monkeypatch, step)
    return root, cache


def test_a_hand_edit_to_vetted_json_behind_the_cache_is_seen(tmp_path, monkeypatch):
    root, cache = _warm(tmp_path, monkeypatch)
    path = _store(root).path(stamps.VETTED)
    data = json.loads(path.read_text())
    data["lessons"]["L-0004"]["ih"] = "0ld0ld0ld0ld0ld0"  # made stale by hand
    path.write_text(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    expected = _uncached(root, tmp_path, monkeypatch, 4, "edit")
    got = _reflect(root, cache, monkeypatch, 4)
    assert got == expected
    assert got[1]["restamped"] == 1 and json.loads(got[0])["lessons"]["L-0004"]["ih"] == discover(root).hash


def test_an_instruction_file_edit_behind_the_cache_makes_every_lesson_due(tmp_path, monkeypatch):
    root, cache = _warm(tmp_path, monkeypatch)
    (root / "AGENTS.md").write_text(AGENTS + "- Keep answers short.\n")
    expected = _uncached(root, tmp_path, monkeypatch, 4, "instructions")
    got = _reflect(root, cache, monkeypatch, 4)
    assert got == expected
    assert got[1]["restamped"] == 2  # the first two of the 12 stale lessons (2 a pass here)


def test_a_hand_edit_to_a_lesson_behind_the_cache_is_seen(tmp_path, monkeypatch):
    """The due records are named by the lesson file's digest: a lesson edited by hand (its stamp, and
    `vetted.json`, untouched) is a file the cache does not know, and the edited lesson is re-vetted."""
    root, cache = _warm(tmp_path, monkeypatch)
    store = _store(root)
    name = store.CANDIDATE if store.path(store.CANDIDATE).exists() else store.APPROVED
    lessons = json.loads(store.path(name).read_text())
    edited = next(item for item in lessons if item["id"] == "L-0004")
    edited["text"] = "Prefer `events_id` in the events marts for every rule."
    store.path(name).write_text(fsio.canonical_json(lessons))
    expected = _uncached(root, tmp_path, monkeypatch, 4, "lesson-edit")
    got = _reflect(root, cache, monkeypatch, 4)
    assert got == expected
    assert got[1]["restamped"] == 1
    assert json.loads(got[0])["lessons"]["L-0004"]["th"] == stamps.text_hash(edited["text"])


def _all_vetted(tmp_path: Path) -> tuple[Path, list[dict]]:
    """A repository whose every lesson is stamped vetted against its instruction files."""
    root = tmp_path / "repo"
    lessons = [lesson(f"L-{n:04x}", text) for n, text in enumerate(TEXTS)]
    store = make_store(root, approved=lessons)
    (root / "AGENTS.md").write_text(AGENTS)
    now = discover(root).hash
    store.write_json(stamps.VETTED, {"lessons": {item["id"]: {
        "ih": now, "th": stamps.text_hash(item["text"]), "by": "offline", "channel": "learner", "at": "2026-01-01"}
        for item in lessons}})
    return root, lessons


def _screened_pass(root: Path, lessons: list[dict]) -> apply._Pass:
    work = apply._Pass(lessons, harmful_from={}, feedback=None, now="2026-02-01T00:00:00.000Z",
                       apply_paths=None, taken_ids=set(), approved_ids={item["id"] for item in lessons})
    work.screen = screen.Screen(_store(root))
    return work


def test_a_text_changed_in_the_pass_without_a_stamp_is_re_vetted_on_a_warm_cache(tmp_path):
    """`learn tidy` rewrites texts in its pass and re-vets them after: a lesson whose text differs from the
    one read is due whatever the cache says about the lessons as read."""
    root, lessons = _all_vetted(tmp_path)

    def revet(edit: bool) -> list[str]:
        work = _screened_pass(root, lessons)
        if edit:
            work.lessons[4]["text"] = "Prefer `events_id` in the events marts for every rule."
        work.screen.revet(work, set(work.by_id))
        return work.screen.restamped

    assert revet(False) == []  # all fresh: remembered as "nothing due" for these lessons and stamps
    assert revet(True) == ["L-0004"]


def test_the_stamp_of_a_lesson_that_is_gone_is_dropped_and_a_quarantined_ones_kept(tmp_path, monkeypatch):
    root, cache = _warm(tmp_path, monkeypatch)
    staged = "L-a0000000"  # added by the first warm-up reflection: in the candidate only
    path = _store(root).path(stamps.VETTED)
    assert staged in json.loads(path.read_text())["lessons"]
    quarantined = {"id": "L-0006", "text": TEXTS[6], "verdict": "contradiction", "reason": "r", "at": "2026-01-01"}
    _store(root).write_json(stamps.QUARANTINE, {"items": [quarantined]})
    candidate = json.loads(_store(root).path(_store(root).CANDIDATE).read_text())
    _store(root).write_lessons(_store(root).CANDIDATE, [item for item in candidate if item["id"] != "L-0006"])
    _store(root).write_lessons(_store(root).APPROVED, [item for item in json.loads(
        _store(root).path(_store(root).APPROVED).read_text()) if item["id"] != "L-0006"])

    def remove(folder: Path, cache_folder: Path) -> dict:
        monkeypatch.setenv("XDG_CACHE_HOME", str(cache_folder))
        curate(_store(folder), [{"op": "REMOVE", "id": staged, "reason": "obsolete"}], now="2026-02-09T00:00:00.000Z")
        return json.loads(_store(folder).path(stamps.VETTED).read_text())["lessons"]

    copy = tmp_path / "plain-gone"
    shutil.copytree(root, copy)
    expected = remove(copy, tmp_path / "empty-cache-gone")
    got = remove(root, cache)
    assert got == expected and staged not in got and "L-0006" in got


def test_a_store_from_before_the_vet_is_backfilled_a_few_lessons_a_pass_in_order(tmp_path):
    root = tmp_path / "repo"
    make_store(root, approved=[lesson(f"L-{n:04x}", text) for n, text in enumerate(TEXTS)])
    (root / "AGENTS.md").write_text(AGENTS)
    vetted = []
    for step in range(3):  # 2 a pass here (MAX_OFFLINE_REVETS), the first ones in the set's order
        result = curate(_store(root), [], now=f"2026-02-0{step + 1}T00:00:00.000Z")
        assert result.vet["restamped"] == 2
        vetted.append(sorted(json.loads(_store(root).path(stamps.VETTED).read_text())["lessons"]))
    assert vetted == [[f"L-{n:04x}" for n in range(k)] for k in (2, 4, 6)]


def test_the_due_record_a_pass_leaves_follows_the_stamps_it_wrote(tmp_path):
    """A stamp this pass wrote that leaves an unchanged lesson unvetted (no instruction hash: a person's rule
    kept without a verdict) makes it due for the next pass, whatever the lesson was before."""
    root, lessons = _all_vetted(tmp_path)

    def run(unstamp: bool) -> list[str]:
        work = _screened_pass(root, lessons)
        work.screen.revet(work, set(work.by_id))
        if unstamp:
            work.screen.new_stamps["L-0004"] = {"channel": "remember", "th": stamps.text_hash(TEXTS[4]),
                                                "at": "2026-02-01T00:00:00.000Z"}
        work.screen.commit(set(work.by_id))
        return work.screen.restamped

    assert run(False) == []
    assert run(True) == []  # writes the unvetted stamp, and the record for the state it leaves
    assert run(False) == ["L-0004"]


def _break(files: list[Path], how: str) -> None:
    for path in files:
        if how == "empty":
            path.write_bytes(b"")
        elif how == "garbage":
            path.write_bytes(b"\x00{not json")
        elif how == "edited":  # other valid JSON, the old checksum
            record = json.loads(path.read_text())
            if "due" in record:
                record["due"] = []
            else:
                record["digest"] = "0" * 64
            path.write_text(json.dumps(record))
        elif how == "other-key":  # a valid record of another state (the one with the fewest lessons due)
            others = [p for p in files if p != path and p.suffix == path.suffix]
            other = min(others, key=lambda p: (len(json.loads(p.read_text()).get("due", [])), p.name))
            path.write_bytes(other.read_bytes())


@pytest.mark.parametrize("how", ["empty", "garbage", "edited", "other-key"])
def test_broken_cache_files_are_ignored_and_change_no_verdict(tmp_path, monkeypatch, how):
    root = _template(tmp_path / "repo")
    cache = tmp_path / "cache"
    _reflect(root, cache, monkeypatch, 0)
    _reflect(root, cache, monkeypatch, 1)
    # The store goes back to a state the cache knows, with two lessons still due there.
    shutil.rmtree(root)
    root = _template(tmp_path / "repo")
    _reflect(root, cache, monkeypatch, 0)
    files = _cache_files(cache)
    assert len([p for p in files if p.suffix == ".due"]) >= 2
    _break(files, how)
    expected = _uncached(root, tmp_path, monkeypatch, 1, how)
    got = _reflect(root, cache, monkeypatch, 1)
    assert got == expected
    assert got[1]["restamped"] == 2


# --- the splice ---------------------------------------------------------------------------------------

KEYS = st.one_of(st.from_regex(r"L-[0-9a-f]{4}", fullmatch=True), st.text(max_size=6))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=8))
STAMP = st.dictionaries(st.sampled_from(["ih", "th", "by", "channel", "at", "x"]),
                        st.one_of(SCALARS, st.lists(SCALARS, max_size=2), st.dictionaries(st.text(max_size=3), SCALARS,
                                                                                          max_size=2)), max_size=5)


def _source(raw: str, canonical: bool = True) -> vetcache.Vetted:
    """The stamps of ``raw`` as :func:`vetcache.read` takes them when the cache does (``canonical``) or does
    not know the bytes as canonical."""
    data = raw.encode("utf-8")
    digest = hashlib.sha256(data).hexdigest()
    found = vetcache.loaded(data, digest, canonical)
    return found if found is not None else vetcache.Vetted(json.loads(raw)["lessons"], data, digest, False)


def _plain_key(key: str) -> bool:
    return json.dumps(key, ensure_ascii=False) == f'"{key}"'


@given(st.dictionaries(KEYS, STAMP, max_size=8), st.dictionaries(KEYS, st.one_of(st.none(), STAMP), max_size=4))
def test_spliced_stamps_are_canonical_json_byte_for_byte(old, changes):
    source = _source(fsio.canonical_json({"lessons": old}))
    parsed = json.loads(fsio.canonical_json({"lessons": old}))["lessons"]  # canonical JSON leaves None out
    # Read without parsing it whole (and spliced) unless a key is escaped or a stamp is empty ({} on one line).
    assert source.spliceable is (bool(parsed) and all(_plain_key(k) and v for k, v in parsed.items()))
    new = dict(old)
    for key, value in changes.items():
        if value is None:
            new.pop(key, None)
        else:
            new[key] = value
    expected = fsio.canonical_json({"lessons": new}).encode("utf-8")
    assert vetcache.stamps_bytes(new, source) == expected
    assert vetcache.changes_bytes(source, {k: changes.get(k) for k in changes if k in old or changes[k] is not None}) \
        == expected
    # A file the cache wrongly took for canonical is never copied from.
    wrong = _source(json.dumps({"lessons": old}, indent=4, sort_keys=True) + "\n")
    assert vetcache.stamps_bytes(new, wrong) == expected
    # Whether the file read was canonical is told right from the bytes written.
    assert vetcache.was_canonical(new, expected, source) is bool(new and old)
    assert vetcache.was_canonical(new, expected, wrong) is (bool(new and old) and wrong.raw == source.raw)
    # Looked up one by one or all at once, the stamps are those of a full parse.
    fresh = _source(fsio.canonical_json({"lessons": old}))
    assert len(fresh.stamps) == len(parsed) and list(fresh.stamps) == sorted(parsed)
    assert all(fresh.stamps.get(k) == v for k, v in parsed.items()) and fresh.stamps.get("L-none") is None
    assert dict(fresh.stamps) == parsed


def test_many_lookups_parse_the_file_once_and_keep_what_was_looked_up(monkeypatch):
    old = {f"L-{n:04x}": {"ih": "a", "th": f"{n}", "by": "offline"} for n in range(300)}
    source = _source(fsio.canonical_json({"lessons": old}))
    first = source.stamps["L-0001"]
    for key in list(old)[:vetcache.Stamps.ONE_BY_ONE + 5]:
        assert source.stamps[key] == old[key]
    assert source.stamps.everything() == old and source.stamps["L-0001"] is first
    assert source.spliceable
    # The canonical layout with two stamps out of order (or twice the same key) is parsed whole.
    text = fsio.canonical_json({"lessons": old})
    one, two = ('"' + vetcache._entry(key, old[key]) for key in ("L-0001", "L-0002"))
    assert one in text and two in text
    for wrong in (text.replace(one, "@").replace(two, one).replace("@", two), text.replace(two, one)):
        assert vetcache.loaded(wrong.encode(), "d", True) is None


def _lying(root: Path, text: str) -> Path:
    """``text`` as the store's `vetted.json`, recorded in the user's cache as canonical (which it is not)."""
    path = _store(root).path(stamps.VETTED)
    path.write_text(text)
    vetcache.Cache().remember_canonical(hashlib.sha256(path.read_bytes()).hexdigest())
    return path


def test_a_record_that_wrongly_calls_a_file_canonical_changes_no_verdict_and_no_stamp(tmp_path, monkeypatch):
    root = _template(tmp_path / "repo")
    good = json.loads(_store(root).path(stamps.VETTED).read_text())["lessons"]
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    # The canonical layout, but one stamp's inner lines indented by one space: valid JSON, not canonical.
    text = fsio.canonical_json({"lessons": good}).replace('\n      "by": "offline",\n      "channel"',
                                                          '\n "by": "offline",\n      "channel"', 1)
    assert json.loads(text)["lessons"] == good
    _lying(root, text)
    expected = _uncached(root, tmp_path, monkeypatch, 0, "lying")
    got = _reflect(root, cache, monkeypatch, 0)
    assert got[1:] == expected[1:] and json.loads(got[0]) == json.loads(expected[0])


def test_a_file_the_cache_calls_canonical_that_is_not_json_is_moved_aside_as_always(tmp_path, monkeypatch):
    root = _template(tmp_path / "repo")
    good = json.loads(_store(root).path(stamps.VETTED).read_text())["lessons"]
    cache = tmp_path / "cache"
    text = fsio.canonical_json({"lessons": good}).replace('"by": "offline"', '"by": offline', 1)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    path = _lying(root, text)
    expected = _uncached(root, tmp_path, monkeypatch, 0, "not-json")
    got = _reflect(root, cache, monkeypatch, 0)
    assert got == expected
    kept = list(path.parent.glob("vetted.json.malformed*"))
    assert len(kept) == 1 and kept[0].read_text() == text  # nothing lost


def test_an_unwritable_cache_only_costs_time(tmp_path, monkeypatch):
    root = _template(tmp_path / "repo")
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    expected = _uncached(root, tmp_path, monkeypatch, 0, "blocked")
    assert _reflect(root, blocked, monkeypatch, 0) == expected
    assert not os.path.isdir(blocked)
