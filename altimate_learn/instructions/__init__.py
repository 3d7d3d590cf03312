"""Instruction files the agents load (AGENTS.md, CLAUDE.md, GEMINI.md, …) and the blocks learn owns in them.

:mod:`altimate_learn.instructions.block` is the one writer of those blocks; :mod:`altimate_learn.instructions.files`
finds the files, reads them safely and hashes them with those blocks excised.
"""
