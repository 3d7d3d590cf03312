"""Review and promote: the human gate between a candidate and the approved lessons.

`model` reads a store into a :class:`Review` (approved set, candidate, diff, flags, problems, hashes);
`gate` promotes, rejects, rolls back and pins; `search`, `publish` and `check` do what their names say;
`render` turns a review into the text `learn show` prints. Everything returns data; the CLI renders.
"""

from altimate_learn.review.model import Review, load_review

__all__ = ["Review", "load_review"]
