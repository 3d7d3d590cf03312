"""`learn demo`: the whole pipeline on bundled sample sessions, offline (see :mod:`altimate_learn.demo.run`).

The samples (``samples/``) are data, not code:

- ``repo.json``: the files of a small mixed repository (dbt models, a FastAPI service, a React app);
- ``approved.json``: the lessons its team had already approved, committed with it;
- ``claude-code/<id>.jsonl``: a Claude Code transcript of a dbt session where the user corrects the agent
  three times (raw tables instead of ``source()``, cents not converted, hard-coded tables instead of
  ``ref()``);
- ``codex/rollout-….jsonl``: a Codex CLI rollout of a Python session where ``pytest`` fails three times in a
  row before the user says how tests run here, and a correction about money as float;
- ``teammate-deltas.json``: lessons a teammate proposes by hand, one good and two the curator rejects.

Transcripts hold ``__REPO__`` where the agent's working directory was; the demo writes them with the
path of its temporary repository.
"""
