"""The instruction files agents load (AGENTS.md, CLAUDE.md, GEMINI.md, …): finding, reading and hashing them."""
