"""`learn import-reviews`: review comments of merged GitHub PRs → `review` signals → reflect → candidates.

Order of work, so that nothing is sent or changed before the person saw the scope and agreed:
1. resolve the repository, token and API base; read the resume state (without writing anything);
2. fetch merged PRs and their comments from GitHub (reads only) and filter them, counting each drop;
3. print the scope: PRs, comments kept and dropped by reason, the model, the input-token estimate;
   `--dry-run` also prints every kept comment (redacted) and every dropped one with its reason, then stops;
4. ask (a terminal) or require `--yes`; then append the signals, save the cursor in `reviews.json`,
   and reflect on this repository's open review signals in batches up to `--max-reflections`.

A comment's identity is `host/owner/name/{comment|review}/{id}`: it is the signal's `messageID`, and
`reviews.json` remembers it (`seenIDs`), so a comment is never imported twice, even after its signal
was consumed or the signals file was pruned. `finished` remembers the PRs whose comments were all
read under the same filter scope; a rerun skips them, which is how it continues after a rate-limit
pause from the last finished PR.
"""

from __future__ import annotations

from altimate_learn.english import plural

from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any

from altimate_learn.capture.signals import SIGNAL_TEXT_CAP, NewSignal, append_signals, clip
from altimate_learn.errors import LearnError
from altimate_learn.history import state as resume
from altimate_learn.history.common import iso, parse_since
from altimate_learn.history.github import Repo, api_base, discover_token, resolve_repo
from altimate_learn.history.progress import Progress
from altimate_learn.history.reflecting import ReflectPlan, plan_reflections, reflect_signals, resolve
from altimate_learn.history.reviews import (
    DROP_REASONS, DROP_TEXT, FetchResult, Filters, GitHub, PullRequest, ReviewItem, drop_reason, normalized,
    retracted,
)
from altimate_learn.redact import redact, redact_url
from altimate_learn.store import Store

SOURCE = "import-reviews"


@dataclass
class ImportReviewsOptions:
    repo: str | None = None
    since: str = "30d"
    limit: int = 50
    include_bots: bool = False
    any_author: bool = False
    bots: list[str] = field(default_factory=list)
    model: str | None = None
    yes: bool = False
    dry_run: bool = False
    max_reflections: int = 20


@dataclass
class Decision:
    pr: PullRequest
    item: ReviewItem
    reason: str | None  # None: kept


@dataclass
class ImportReviewsResult:
    repo: str
    prs: int = 0
    fetched: int = 0
    kept: int = 0
    dropped: dict[str, int] = field(default_factory=dict)
    signals_added: int = 0
    pending: int = 0
    reflections: int = 0
    lessons_proposed: int = 0
    paused_until: str | None = None
    failed: str | None = None  # GitHub failed partway: what was finished is kept, the rest is not imported
    dry_run: bool = False
    cancelled: bool = False
    usage: dict[str, Any] = field(default_factory=dict)
    model: str = ""
    estimated_input_tokens: int = 0
    remaining: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def session_for(repo: Repo, number: int) -> str:
    return f"review:{repo.key}/pull/{number}"


def signal_for(repo: Repo, decision: Decision) -> NewSignal:
    item, pr = decision.item, decision.pr
    where = f"{item.path}: " if item.path else ""
    what = "review comment" if item.kind == "comment" else f"review ({item.state.lower().replace('_', ' ') if item.state else 'body'})"
    return NewSignal(
        kind="review", session_id=session_for(repo, pr.number), message_id=item.message_id(repo),
        text=f"{where}{item.body.strip()}",
        reason=f"PR #{pr.number} {what}" + (f" on {item.path}" if item.path else ""),
        source=SOURCE, provenance=item.url or pr.url)


def decide(repo: Repo, result: FetchResult, filters: Filters, seen: set[str]) -> list[Decision]:
    """Every fetched comment with the reason it is dropped (None when kept), in PR order."""
    out: list[Decision] = []
    for pr in result.prs:
        texts: set[str] = set()
        taken_back = retracted(pr.items)
        for item in pr.items:
            reason = drop_reason(item, pr, filters)
            if reason is None and (item.kind, item.id) in taken_back:
                reason = "retracted"
            if reason is None:
                key = normalized(item.body)
                if key in texts:
                    reason = "duplicate"
                texts.add(key)
            if reason is None and item.message_id(repo) in seen:
                reason = "already-imported"
            out.append(Decision(pr, item, reason))
    return out


def _excerpt(text: str, width: int = 70) -> str:
    flat = " ".join(redact(text).split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _resume_hint(paused_at: datetime) -> str:
    minutes = max(1, round((paused_at - datetime.now(timezone.utc)).total_seconds() / 60))
    return f"{iso(paused_at)} (in about {minutes} min)"


def run(options: ImportReviewsOptions, *, store: Store, settings: Any, out: Callable[[str], None],
        warn: Callable[[str], None], interactive: bool, confirm: Callable[[str], bool]) -> ImportReviewsResult:
    since = parse_since(options.since)
    configured_bots = settings.values.get("review_bots") or []
    filters = Filters.build(include_bots=options.include_bots, any_author=options.any_author,
                            extra_bots=[*options.bots, *[str(b) for b in configured_bots]])
    repo = resolve_repo(store.project.root, options.repo)
    token = discover_token(repo.host)
    base = api_base(repo.host)
    # fail on a bad --model before fetching anything (a dry run shows it; --max-reflections 0 needs none)
    model = resolve(options.model, settings, max_reflections=options.max_reflections, dry_run=options.dry_run)

    saved = resume.read(store, Store.REVIEWS)["repositories"].get(repo.key, {})
    same_scope = saved.get("scope") == filters.scope()
    finished = {n for n in saved.get("finished", []) if isinstance(n, int)} if same_scope else set()
    signals, _ = store.signals()
    mine = [s for s in signals if s.get("source") == SOURCE and str(s.get("messageID", "")).startswith(repo.key + "/")]
    seen = {str(i) for i in saved.get("seenIDs", [])} | {s["messageID"] for s in mine}

    with GitHub(repo, token, base, notify=warn) as client:
        client.check_access()
        out(f"Repository: {repo.host}/{repo.full_name} (API {redact_url(base)}; token from {token.source}).")
        with Progress("Pull requests", options.limit) as bar:
            fetched = client.fetch(since, options.limit, finished, on_pr=lambda pr: bar.advance(f"#{pr.number}"))
    decisions = decide(repo, fetched, filters, seen)
    kept = [d for d in decisions if d.reason is None]
    drops = Counter(d.reason for d in decisions if d.reason)
    new = [signal_for(repo, d) for d in kept]
    pending = [s for s in mine if s["status"] == "open"]

    result = ImportReviewsResult(repo=repo.key, prs=len(fetched.prs), fetched=len(decisions), kept=len(kept),
                                 dropped={r: drops[r] for r in DROP_REASONS if drops[r]}, pending=len(pending),
                                 dry_run=options.dry_run)
    # --- scope ------------------------------------------------------------------------------------
    out(f"Merged pull requests since {iso(since)} (--since {options.since}), newest first: {len(fetched.prs)} "
        f"inspected (--limit {options.limit})" + (f", {fetched.skipped_finished} finished by an earlier run"
                                                  if fetched.skipped_finished else "") + ".")
    out(f"Review comments and bodies: {len(decisions)} fetched, {len(kept)} kept, {sum(drops.values())} dropped"
        + (":" if drops else "."))
    for reason in DROP_REASONS:
        if drops[reason]:
            out(f"  {DROP_TEXT[reason]}: {drops[reason]}")
    if pending:
        out(f"Open review signals from earlier imports of this repository: {len(pending)}.")
    plan: ReflectPlan = plan_reflections(store, model, [_as_preview(s) for s in new] + pending,
                                         options.max_reflections)
    result.model = plan.model_label
    result.estimated_input_tokens = plan.estimated_tokens
    out(plan.describe_model())
    out(plan.describe_estimate())
    out(f"Limits: --limit {options.limit} pull requests, --max-reflections {options.max_reflections}.")
    if fetched.paused:
        result.paused_until = iso(fetched.paused.reset_at)
        out(f"GitHub rate limit reached ({fetched.paused.why}): paused. Resume after "
            f"{_resume_hint(fetched.paused.reset_at)}: rerun `learn import-reviews` with the same options to "
            "continue after the last finished pull request.")
    elif fetched.failed:
        result.failed = fetched.failed.message
        out(f"GitHub failed after {plural(len(fetched.prs), 'finished pull request')}: {fetched.failed.message} "
            "The finished ones are used; rerun `learn import-reviews` to continue after the last of them.")
    elif not fetched.complete:
        out(f"Stopped at --limit {options.limit}: rerun to continue with older pull requests.")

    if options.dry_run:
        _print_preview(out, repo, decisions)
        out("Dry run: nothing was sent to a model and no state changed.")
        return result

    to_send = bool(new or pending) and options.max_reflections > 0
    if not new and not to_send:
        out("Nothing new to import or send.")
    elif not options.yes:  # consent is for adding signals and sending text; nothing else needs it
        if not interactive:
            raise LearnError("refusing to import reviews without confirmation outside a terminal.",
                             "Pass --yes to confirm the scope above, or --dry-run to preview it.")
        question = (f"Import {plural(len(new), 'review comment')} as signals and send redacted text to {plan.model_label} "
                    "to propose candidate lessons?" if to_send else
                    f"Import {plural(len(new), 'review comment')} as signals (no model call)?")
        if not confirm(question):
            result.cancelled = True
            out("Cancelled. Nothing was sent or changed.")
            return result

    # --- apply --------------------------------------------------------------------------------------
    added = append_signals(store, new)
    result.signals_added = len(added)
    last_pr = fetched.prs[-1].number if fetched.prs else None

    def save(state: dict[str, Any]) -> None:
        entry = state["repositories"].get(repo.key)
        if not isinstance(entry, dict) or entry.get("scope") != filters.scope():
            entry = {"scope": filters.scope(), "seenIDs": entry.get("seenIDs", []) if isinstance(entry, dict) else [],
                     "pending": [], "finished": []}
        entry["seenIDs"] = sorted({*map(str, entry.get("seenIDs", [])), *(s.message_id for s in new if s.message_id)})
        entry["finished"] = sorted({*entry.get("finished", []), *(pr.number for pr in fetched.prs)}, reverse=True)
        entry.setdefault("pending", [])
        if fetched.complete:
            entry.pop("cursor", None)
            entry.pop("resetAt", None)
        else:
            cursor: dict[str, Any] = {"since": int(since.timestamp() * 1000)}
            if last_pr is not None:
                cursor["number"] = last_pr
            if fetched.paused:
                cursor["resetAt"] = iso(fetched.paused.reset_at)
                entry["resetAt"] = cursor["resetAt"]
            else:
                entry.pop("resetAt", None)
            entry["cursor"] = cursor
        state["repositories"][repo.key] = entry

    resume.update(store, Store.REVIEWS, save)

    open_ids = [s["id"] for s in pending] + [s["id"] for s in added]
    outcome = reflect_signals(store, model, open_ids, options.max_reflections, out=out, label="review comments",
                              settings=settings)
    result.reflections = outcome.reflections
    result.lessons_proposed = outcome.lessons_proposed
    result.usage = outcome.usage_dict()
    result.remaining = outcome.remaining
    store.record_history(SOURCE, repo=repo.key, prs=result.prs, comments=result.fetched, kept=result.kept,
                         dropped=result.dropped, signalsAdded=result.signals_added, reflections=result.reflections,
                         lessonsProposed=result.lessons_proposed, usage=outcome.usage_dict(),
                         model=plan.model_label, paused=bool(fetched.paused))
    out(f"Summary: {plural(result.prs, 'pull request')}, {plural(result.fetched, 'comment')} fetched, {result.kept} kept, "
        f"{plural(result.signals_added, 'signal')} added; {plural(outcome.reflections, 'reflection')}; {outcome.describe_usage()}; "
        f"{plural(outcome.lessons_proposed, 'candidate lesson')} proposed.")
    if outcome.remaining and outcome.stopped:
        out(f"{plural(outcome.remaining, 'review signal')} still open: rerun `learn import-reviews` (or `learn reflect "
            "--pending`) to reflect on them.")
    elif outcome.remaining:  # reflected on, and nothing usable came of them: the same run again gives the same
        out(f"{plural(outcome.remaining, 'review signal')} still open: they wait for a model or a person (`learn "
            "reflect --pending --model PROVIDER/MODEL`, or state the rule with `learn remember`).")
    if outcome.lessons_proposed:
        out("Next: `learn show` to read the candidates, then `learn promote`.")
    return result


def _as_preview(signal: NewSignal) -> dict[str, Any]:
    """A not-yet-stored signal in the stored shape (redacted and clipped the same way) for estimates."""
    from altimate_learn.capture.signals import clip

    return {"kind": signal.kind, "text": clip(signal.text).strip(), "sessionID": signal.session_id}


def _print_preview(out: Callable[[str], None], repo: Repo, decisions: list[Decision]) -> None:
    kept = [d for d in decisions if d.reason is None]
    if kept:
        out("")
        out("Kept (redacted, as they would be stored and sent):")
    for d in kept:
        item = d.item
        where = f"{item.path}" + (f":{item.line}" if item.line else "") if item.path else f"review {item.state}"
        out(f"- PR #{d.pr.number} {where} ({item.association.lower()}) {redact_url(item.url)}")
        # Exactly what would be stored and sent: redacted, then clipped like every signal.
        body = clip(item.body.strip()).strip()
        for line in body.splitlines() or [""]:
            out(f"    {line}")
        if len(redact(item.body.strip())) > len(body):
            out(f"    … (clipped to {SIGNAL_TEXT_CAP:,} characters)")
    dropped = [d for d in decisions if d.reason]
    if dropped:
        out("")
        out("Dropped:")
    for d in dropped:
        out(f"- PR #{d.pr.number} {d.item.kind} {d.item.id}: {DROP_TEXT[d.reason or '']}: \"{_excerpt(d.item.body)}\"")
