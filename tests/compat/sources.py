"""Where each altimate-code shape in these conformance tests was read (issue 12, item 4).

The sources are altimate-code's TypeScript, public at https://github.com/AltimateAI/altimate-code, read from
the stored copy of that repository at the commits named here. A test that builds a file in altimate-code's
shape, or checks one learn wrote against it, names its source from this table.
"""

REPO = "AltimateAI/altimate-code"
LEARN = "packages/opencode/src/altimate/learn"

SOURCES = {
    # the lock, the .gitignore rules written under it
    "lock": (f"{LEARN}/lock.ts", "03a041549214713126ea4270aca6ebfa1482b041"),
    # Flock, which lock.ts calls: the lock folder, meta.json, heartbeat, breaker, staleness
    "flock": ("packages/core/src/util/flock.ts in anomalyco/opencode (the upstream altimate-code forks)",
              "e0abad41f40c49d29105201c4b4a3e663e4c4136"),
    # history.jsonl (HistoryEntry, appendHistory), pending-replacements.jsonl (readPendingReplacements),
    # harmful.json, usage.json, migration.json (parseMigration, migrate), versions/, rollback
    "store": (f"{LEARN}/store.ts", "03a041549214713126ea4270aca6ebfa1482b041"),
    # schedule.json (ScheduleState, readScheduleState, recordReflection)
    "schedule": (f"{LEARN}/schedule-state.ts", "03a041549214713126ea4270aca6ebfa1482b041"),
    # learn-nudge.json (NudgeState, readState, claimNudge, dismissNudge)
    "nudge": (f"{LEARN}/nudge-state.ts", "cc22cda07b70d48c3ca21905756964d79a84b2c7"),
    # usage summaries in history and schedule (inputTokens, outputTokens, estimatedCost)
    "usage": (f"{LEARN}/usage.ts", "14e26076447d6d803e065aae815f856f57943ab1"),
    # the reflect history entry, pending-replacement records (feedback, kind)
    "session-reflect": (f"{LEARN}/session-reflect.ts", "33dbf18bee17b8d50965df24448d2d8f58a6fd6f"),
    # FEEDBACK_KINDS
    "reflect": (f"{LEARN}/reflect.ts", "0ea0fc2624b31dcd348645a9457a56a358011b9b"),
    # the legacy SKILL.md playbook that migration.json records importing
    "playbook": (f"{LEARN}/playbook.ts", "0ea0fc2624b31dcd348645a9457a56a358011b9b"),
    "lesson": (f"{LEARN}/lesson.ts", "fea2b04b2a852de3cd729600ff8304debd173eca"),
    # config files and their precedence; `learn enable`'s target file
    "config": ("packages/opencode/src/config/config.ts", "0e4c309fd9382a54d5b2abdadcfc007078f557c7"),
    "config-paths": ("packages/opencode/src/config/paths.ts", "641e616e18f244dff8b08079e10cda3d24ed05b0"),
    "learn-cli": ("packages/opencode/src/cli/cmd/learn.ts", "03a041549214713126ea4270aca6ebfa1482b041"),
    "flag": ("packages/core/src/flag/flag.ts", "224e7a5d39682a312b0115209847fc6a5c6baf4e"),
}
