"""Instruction files the agents load (AGENTS.md, CLAUDE.md, …) and the blocks learn owns in them.

:mod:`altimate_learn.instructions.block` is the one writer of those blocks.
"""
