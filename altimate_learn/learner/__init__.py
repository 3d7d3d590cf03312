"""The continual learner (spec 002): every exchange a person had with an agent in this project, shown to a
model on a schedule, so no correction depends on a regex to be seen.

- :mod:`.digest` and :mod:`.sources`: the redacted digest with history references, read after per-session cursors;
- :mod:`.triggers`: when an automatic run is due (messages, spacing, idle, the daily cap);
- :mod:`.run`: one run, through the reflection path (providers, curator, vet) and the direct targets;
- :mod:`.model`: the prompt (the reflector's, extended for the digest) and the screen of the model's answer;
- :mod:`.targets`: the learner's block in instruction files, written by :mod:`altimate_learn.instructions.block`;
- :mod:`.state`: cursors, lease, run log and kept transcripts in `.altimate-code/learn/.learner/`;
- :mod:`.revert`: undoing a run's changes while they still stand as it left them.
"""
