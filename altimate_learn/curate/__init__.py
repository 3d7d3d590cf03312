"""Curation: lesson lint, backtick anchors, and the deterministic curator that stages `candidate.json`.

`lint` and `anchors` are stdlib-only (delivery re-lints on the hook path); import the curator itself from
:mod:`altimate_learn.curate.curator`.
"""

from altimate_learn.curate.anchors import affixes, identifiers, overlaps, undeclared_overlaps
from altimate_learn.curate.lint import LintResult, is_flagged, lint

__all__ = ["LintResult", "affixes", "identifiers", "is_flagged", "lint", "overlaps", "undeclared_overlaps"]
