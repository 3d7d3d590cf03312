#!/usr/bin/env bash
# Install the pinned coding-agent CLIs used by the end-to-end tests (tests/e2e/).
#
#   scripts/install-agents.sh [AGENT...]      AGENT: claude codex opencode gemini (default: all four)
#
# Versions are pinned by tests/e2e/agents/<agent>/package.json + package-lock.json
# (Claude Code 2.1.332, Codex CLI 0.171.0, opencode-ai 1.18.33, Gemini CLI 0.61.0) and installed with
# `npm ci` into $LEARN_AGENTS_DIR (default: <repo>/.agents, git-ignored), about 1.2 GB in all.
# Idempotent: an agent whose lock file is unchanged and whose binary answers `--version`
# with the pinned version is skipped, so a second run takes about a second.
# Exit status: 0 when every requested agent is installed, 1 otherwise (the reason is printed).
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
dest=${LEARN_AGENTS_DIR:-$repo/.agents}
src=$repo/tests/e2e/agents
agents=("$@")
[ ${#agents[@]} -eq 0 ] && agents=(claude codex opencode gemini)

say() { printf 'install-agents: %s\n' "$*"; }

# binary path (relative to the agent folder) and the version it must report
bin_of() { case $1 in claude) echo node_modules/.bin/claude ;; codex) echo node_modules/.bin/codex ;;
                      opencode) echo node_modules/.bin/opencode ;; gemini) echo node_modules/.bin/gemini ;;
                      *) return 1 ;; esac; }
pinned() { # the version in the committed package.json
  python3 -c 'import json,sys; print(next(iter(json.load(open(sys.argv[1]))["dependencies"].values())))' \
    "$src/$1/package.json"
}
stamp_of() { cat "$src/$1/package.json" "$src/$1/package-lock.json" | sha256sum | cut -c1-16; }

for a in "${agents[@]}"; do
  if ! bin_of "$a" >/dev/null || [ ! -f "$src/$a/package-lock.json" ]; then
    say "unknown agent '$a' (choose from: claude codex opencode gemini)"; exit 2
  fi
done
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  say "npm/node not found on PATH; install Node.js 20+ to run the end-to-end tests"; exit 1
fi
mkdir -p "$dest" || { say "cannot create $dest"; exit 1; }

installed_ok() { # agent -> 0 when the pinned version is installed and runs
  local a=$1 dir=$dest/$1 want out
  want=$(pinned "$a")
  [ -f "$dir/.installed" ] && [ "$(cat "$dir/.installed")" = "$(stamp_of "$a")" ] || return 1
  [ -x "$dir/$(bin_of "$a")" ] || return 1
  out=$(HOME=$(mktemp -d) timeout 30 "$dir/$(bin_of "$a")" --version 2>/dev/null </dev/null) || return 1
  [[ "$out" == *"$want"* ]]
}

install_one() { # agent -> installs with npm ci; output goes to $dir/.install.log
  local a=$1 dir=$dest/$1 t0=$SECONDS
  if installed_ok "$a"; then say "$a $(pinned "$a") already installed in $dir"; return 0; fi
  rm -f "$dir/.installed"
  mkdir -p "$dir" && cp "$src/$a/package.json" "$src/$a/package-lock.json" "$dir/" || return 1
  # opencode-ai (and Gemini CLI's optional node-pty builds) list optional per-platform packages that
  # npm leaves out of the lock file it writes (some are not on the registry), and `npm ci` then refuses
  # that lock as "out of sync". `npm install --no-save` installs the same locked versions and integrity
  # hashes without that check.
  local cmd=(npm ci)
  [ "$a" = opencode ] || [ "$a" = gemini ] && cmd=(npm install --no-save)
  say "$a: ${cmd[*]} (pinned $(pinned "$a")) ..."
  if ! (cd "$dir" && "${cmd[@]}" --no-audit --no-fund --loglevel=error >"$dir/.install.log" 2>&1); then
    say "$a: ${cmd[*]} failed after $((SECONDS - t0)) s; last lines of $dir/.install.log:"
    tail -n 15 "$dir/.install.log" | sed 's/^/    /'
    return 1
  fi
  stamp_of "$a" >"$dir/.installed"
  if ! installed_ok "$a"; then
    say "$a: installed, but '$(bin_of "$a") --version' does not report $(pinned "$a")"
    rm -f "$dir/.installed"; return 1
  fi
  say "$a $(pinned "$a") installed in $((SECONDS - t0)) s"
}

# The downloads are independent and network-bound: run them side by side.
t0=$SECONDS
declare -A pids
for a in "${agents[@]}"; do install_one "$a" & pids[$a]=$!; done
failed=()
for a in "${agents[@]}"; do wait "${pids[$a]}" || failed+=("$a"); done
if [ ${#failed[@]} -gt 0 ]; then
  say "FAILED: ${failed[*]} (the end-to-end tests for these agents will be skipped)"; exit 1
fi
say "all agents ready in $dest ($((SECONDS - t0)) s)"
