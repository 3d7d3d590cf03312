"""The result of one curation: :class:`CurateResult`, its ``--json`` shape, and the one-line summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from altimate_learn.redact import redact


@dataclass
class CurateResult:
    candidate: list[dict]
    applied: list[dict]
    rejected: list[dict]
    flagged: list[str]
    retired: list[dict]
    replacements_needed: list[dict]
    summary: str
    changed: bool = False
    history: dict | None = None
    harmful_from: dict[str, list[str]] = field(default_factory=dict)
    replacements: list[dict] = field(default_factory=list)   # replacement-step outcomes: {id, result}
    quarantined: list[dict] = field(default_factory=list)    # rules set aside by the vet (gates.quarantine)
    vet: dict | None = None                                  # what the vet did (gates.screen.Screen.summary)
    cap: Any = None                                          # what the cap did (curate.cap.CapOutcome)
    # A re-check (``curate(recheck=True)``): what it left for a curation the person runs ("over_max_stored":
    # lessons past the cap, "harmful": ids a curation would remove for harm); empty otherwise
    held: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The `--json` shape (stable keys)."""
        return {
            "summary": self.summary,
            "changed": self.changed,
            "applied": self.applied,
            "rejected": self.rejected,
            "flagged": self.flagged,
            "retired": [{"id": r["id"], "text": redact(r["text"]), "reason": r.get("reason"),
                         "supersededBy": r.get("supersededBy")} for r in self.retired],
            "replacements_needed": self.replacements_needed,
            "replacements": self.replacements,
            "candidate_count": len(self.candidate),
            "quarantined": [{"id": q["id"], "text": q["text"], "reason": q["reason"], "verdict": q.get("verdict")}
                            for q in self.quarantined],
            "vet": self.vet,
            "cap": self.cap.to_json() if self.cap is not None else None,
        }


_NOT_REMOVED = ("superseded", "evicted", "already superseded", "quarantined", "folded", "traded")


def _summary(applied: list[dict], rejected: list[dict], queued: int) -> str:
    def count(op: str, note: str | None = None, exclude: tuple[str, ...] = ()) -> int:
        return sum(1 for a in applied if a["op"] == op and (note is None or a.get("note") == note)
                   and a.get("note") not in exclude)

    parts = [
        f"+{count('ADD', exclude=('outside the cap',))} added" if count("ADD", exclude=("outside the cap",)) else "",
        f"{count('EDIT', exclude=('no change',))} edited" if count("EDIT", exclude=("no change",)) else "",
        f"{count('HELPFUL')} helpful" if count("HELPFUL") else "",
        f"{count('HARMFUL')} harmful" if count("HARMFUL") else "",
        f"{count('REMOVE', 'superseded')} superseded" if count("REMOVE", "superseded") else "",
        f"{count('REMOVE', exclude=_NOT_REMOVED)} removed" if count("REMOVE", exclude=_NOT_REMOVED) else "",
        f"{count('REMOVE', 'folded')} folded" if count("REMOVE", "folded") else "",
        f"{count('REMOVE', 'traded')} traded" if count("REMOVE", "traded") else "",
        f"{count('WAIT')} outside the cap" if count("WAIT") else "",
        f"{count('QUARANTINE') + count('REMOVE', 'quarantined')} quarantined"
        if count("QUARANTINE") + count("REMOVE", "quarantined") else "",
        f"{count('REMOVE', 'evicted')} evicted" if count("REMOVE", "evicted") else "",
        f"{queued} queued for replacement" if queued else "",
    ]
    parts = [p for p in parts if p]
    if rejected:
        rules = sorted({r.get("rule") or "invalid" for r in rejected})
        parts.append(f"{len(rejected)} rejected ({', '.join(rules)})")
    return ", ".join(parts) if parts else "no change"
