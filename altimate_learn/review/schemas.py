"""The published JSON Schemas of the store files, and `learn check --schema`.

The schemas ship in the package (`altimate_learn/schemas/*.schema.json`) and are published unchanged under
`docs/schemas/` (`python -m altimate_learn.cli.docsgen` copies them; a test fails when the copies differ), so a
team's CI, an editor or another tool can validate `approved.json`, `candidate.json`, each line of
`signals.jsonl` and `usage.json` without learn. They are JSON Schema draft 2020-12 and use only a small
part of it; :func:`validate` implements exactly that part (type, const, enum, pattern, minLength, minimum,
items, properties, required, additionalProperties, propertyNames and local `$ref`), so `learn check
--schema` needs no extra dependency. The tests check that the `jsonschema` library gives the same verdicts.

A schema describes the shape of a file. What a schema cannot say (unique ids, the lesson lint, canonical
form, coexists references) stays with `learn check`'s own checks, which run with or without `--schema`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

from altimate_learn.jsonsafe import loads_document

# file name in a store -> schema name; versions/vN.json are approved sets
SCHEMA_OF_FILE = {"approved.json": "approved", "candidate.json": "candidate", "signals.jsonl": "signal",
                  "usage.json": "usage"}
SCHEMA_NAMES = ("approved", "candidate", "signal", "usage")
_VERSION = re.compile(r"^v\d+\.json$")


@lru_cache(maxsize=None)
def load_schema(name: str) -> dict[str, Any]:
    text = resources.files("altimate_learn").joinpath("schemas", f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def schema_texts() -> dict[str, str]:
    """File name -> the exact text of each published schema (for docs/schemas/)."""
    folder = resources.files("altimate_learn").joinpath("schemas")
    return {f"{name}.schema.json": folder.joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
            for name in SCHEMA_NAMES}


def schema_for(path: Path) -> str | None:
    if path.name in SCHEMA_OF_FILE:
        return SCHEMA_OF_FILE[path.name]
    if path.parent.name == "versions" and _VERSION.match(path.name):
        return "approved"
    return None


# --- the validator -----------------------------------------------------------------------------------------

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool)
    or isinstance(v, float) and v.is_integer(),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description", "format", "examples", "default", "$comment"}


def _pointer(parts: tuple[str | int, ...]) -> str:
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts) if parts else "(root)"


def _resolve(ref: str, root: dict[str, Any]) -> dict[str, Any]:
    if not ref.startswith("#/"):
        raise ValueError(f"only local $ref is supported, not {ref!r}")
    node: Any = root
    for part in ref[2:].split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b or (isinstance(a, (int, float)) and isinstance(b, (int, float))
                                             and not isinstance(a, bool) and not isinstance(b, bool) and a == b)


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None,
           at: tuple[str | int, ...] = ()) -> Iterator[tuple[str, str]]:
    """(JSON pointer, message) for every way ``value`` breaks ``schema``."""
    root = schema if root is None else root
    for key in schema:
        if key not in _ANNOTATIONS and key not in _KEYWORDS:
            raise ValueError(f"schema keyword {key!r} is not supported by this validator")
    if "$ref" in schema:
        yield from errors(value, _resolve(schema["$ref"], root), root, at)
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[k](value) for k in kinds):
            yield _pointer(at), f"must be {' or '.join(kinds)}"
            return
    if "const" in schema and not _same(value, schema["const"]):
        yield _pointer(at), f"must be {json.dumps(schema['const'])}"
    if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
        yield _pointer(at), "must be one of " + ", ".join(json.dumps(o) for o in schema["enum"])
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            yield _pointer(at), f"must have at least {schema['minLength']} characters"
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            yield _pointer(at), f"must have at most {schema['maxLength']} characters"
        if "pattern" in schema and not re.search(schema["pattern"], value):
            yield _pointer(at), f"must match {schema['pattern']}"
    if isinstance(value, (int, float)) and not isinstance(value, bool) and "minimum" in schema \
            and value < schema["minimum"]:
        yield _pointer(at), f"must be at least {schema['minimum']}"
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            yield from errors(item, schema["items"], root, at + (index,))
    if isinstance(value, dict):
        for name in schema.get("required", ()):
            if name not in value:
                yield _pointer(at), f"is missing the required field {name!r}"
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for name, item in value.items():
            if "propertyNames" in schema:
                for _, message in errors(name, schema["propertyNames"], root, at):
                    yield _pointer(at), f"has a key {name!r} that {message}"
            if name in properties:
                yield from errors(item, properties[name], root, at + (name,))
            elif extra is False:
                yield _pointer(at + (name,)), "is not an allowed field"
            elif isinstance(extra, dict):
                yield from errors(item, extra, root, at + (name,))


_KEYWORDS = {"$ref", "type", "const", "enum", "minLength", "maxLength", "pattern", "minimum", "items", "required",
             "properties", "additionalProperties", "propertyNames"}


def validate(value: Any, name: str) -> list[tuple[str, str]]:
    """Every error of ``value`` against the published schema ``name`` (approved, candidate, signal, usage)."""
    return list(errors(value, load_schema(name)))


# --- files -------------------------------------------------------------------------------------------------

@dataclass
class SchemaProblem:
    where: str  # "(file)", "line N" of a JSONL file, or a JSON pointer (with the lesson id when there is one)
    message: str


def _lesson_label(value: Any, pointer: str) -> str:
    match = re.match(r"^/(\d+)(/.*)?$", pointer)
    if match and isinstance(value, list):
        index = int(match.group(1))
        item = value[index] if index < len(value) else None
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            return f"{item['id']} ({pointer})"
    return pointer


def check_file(path: Path, name: str) -> list[SchemaProblem]:
    """Validate one store file against its schema; a missing file is no problem (the store has none yet)."""
    try:
        raw = path.read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        return []
    except OSError as exc:
        return [SchemaProblem("(file)", f"cannot be read ({exc.strerror or exc})")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return [SchemaProblem("(file)", "is not UTF-8 text")]
    problems: list[SchemaProblem] = []
    if name == "signal":  # JSONL: one object a line
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = loads_document(line)
            except ValueError as exc:
                problems.append(SchemaProblem(f"line {number}", f"is not JSON ({exc})"))
                continue
            for pointer, message in validate(record, name):
                where = f"line {number}" + ("" if pointer == "(root)" else f" {pointer}")
                problems.append(SchemaProblem(where, message))
        return problems
    try:
        value = loads_document(text)
    except ValueError as exc:
        return [SchemaProblem("(file)", f"is not JSON ({exc})")]
    return [SchemaProblem(_lesson_label(value, pointer), message) for pointer, message in validate(value, name)]


def store_files(store_dir: Path) -> list[tuple[Path, str]]:
    """The files of one store folder that have a published schema, with that schema's name."""
    return [(store_dir / file, name) for file, name in SCHEMA_OF_FILE.items()]
