"""Reflection: signals and feedback in, proposed deltas out (:mod:`.reflect`), with its prompts and providers."""

LOG_FILE = "reflect.log"  # <store>/state/reflect.log: what automatic reflection did; `learn status` reads its end
# here, not in .reflect: reading it must not import the reflection pipeline (~0.2 s of `learn status`)
