"""The built-in reflector over every dev sentence at hand, before and after a change (refl31): the pool check.

    python research/reflector_pool.py run OUT.json        # the lessons of every pool text, written to OUT.json
    python research/reflector_pool.py run OUT.json --code /work/main   # the same texts, another checkout's reflector
    python research/reflector_pool.py diff BEFORE.json AFTER.json   # the texts whose lessons changed

The pool (dev data only, never a held-out or blind row): every string literal of ten characters or more in `tests/`
(the sentences written for the reflector and the classifier, look-alikes included), the ordinary fixture, `corrections.jsonl`,
the readable blind sets (`corrections_blind1.jsonl` to `corrections_blind11.jsonl`; blind11 since session #21) and the real sessions' dev split, each
text read as `learn reflect` reads a correction signal (`item_rules`). A change to the reflector is run on it before it
lands: every lesson that appears, changes or goes is read, so a form written for one set cannot silently write a wrong
lesson on another. The held-out split of the real sessions is not in the pool (scoring it is a look).
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DATA = ROOT / "research" / "data"
READABLE_BLIND = tuple(DATA / f"corrections_blind{n}.jsonl" for n in range(1, 12))


def _test_strings() -> list[str]:
    out = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        out += [node.value for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and 10 <= len(node.value) <= 1500]
    return out


def _jsonl_texts(path: Path) -> list[str]:
    return [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def pool() -> dict[str, str]:
    """text -> where it comes from (the first source that holds it)."""
    from research.data.real_sessions import load_messages

    sources: list[tuple[str, list[str]]] = [("tests", _test_strings())]
    ordinary = ROOT / "tests" / "reflect" / "fixtures" / "ordinary_sentences.txt"
    sources.append(("ordinary", [line.strip() for line in ordinary.read_text(encoding="utf-8").splitlines()
                                 if line.strip() and not line.startswith("#")]))
    sources.append(("corrections", _jsonl_texts(DATA / "corrections.jsonl")))
    sources += [(path.stem.removeprefix("corrections_"), _jsonl_texts(path)) for path in READABLE_BLIND if path.exists()]
    sources.append(("real-dev", [m.text for m in load_messages(split="dev")]))
    found: dict[str, str] = {}
    for name, texts in sources:
        for text in texts:
            found.setdefault(text, name)
    return found


def run(out: Path) -> None:
    from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules

    result = {}
    for text, source in pool().items():
        rules, _why = item_rules(FeedbackItem("user_correction", text))
        result[text] = {"source": source, "lessons": rules}
    out.write_text(json.dumps(result, ensure_ascii=False, indent=0), encoding="utf-8")
    given = sum(1 for row in result.values() if row["lessons"])
    print(f"{len(result)} texts, {given} give a lesson -> {out}")


def diff(before: Path, after: Path) -> str:
    a, b = (json.loads(p.read_text(encoding="utf-8")) for p in (before, after))
    lines = []
    for text in sorted(set(a) | set(b)):
        old, new = a.get(text, {}).get("lessons"), b.get(text, {}).get("lessons")
        if old != new and (old or new):
            source = (b.get(text) or a.get(text))["source"]
            flat = " ".join(text.split())
            lines.append(f"[{source}] {flat[:300]}\n   - {old}\n   + {new}")
    return "\n".join(lines) + f"\n{len(lines)} texts changed\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 4 and args[0] == "run" and args[2] == "--code":
        sys.path.insert(0, str(Path(args[3]).resolve()))  # its altimate_learn, this checkout's texts
        run(Path(args[1]))
    elif len(args) == 2 and args[0] == "run":
        run(Path(args[1]))
    elif len(args) == 3 and args[0] == "diff":
        print(diff(Path(args[1]), Path(args[2])), end="")
    else:
        sys.exit("usage: python research/reflector_pool.py run OUT.json [--code CHECKOUT] | diff BEFORE.json AFTER.json")
