"""Seventh pass on the correction classifier (issue 20 item 2, review6 items 13-19): the sixth pass's forms fired on
messages of the same shape that correct nothing (a state not reached yet, a question asked to learn, a polite new
request, information the agent asked for, a comparison the person accepts, money or a plan), and its own-setup guard
dropped real reports that blame the agent's change. Each case is a pair typed for this test: a look-alike that must
stay quiet and a real correction of the same shape that must still count, so that a fix by dropping the form fails."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

DONE = "I've updated the component and fixed the import; the page should now render correctly."
MIGRATED = "I've updated the docker-compose file and added the migration; everything should work now."


def _pair(quiet: str, fires: str, answer: str = DONE) -> None:
    assert not classify_text(quiet, answer=answer).correction, f"look-alike flagged: {quiet!r}"
    assert classify_text(fires, answer=answer).correction, f"correction missed: {fires!r}"


# review6 item 13: "it is not <participle>" read a step of the release process, or a state not reached yet, as broken.
@pytest.mark.parametrize("quiet, fires", [
    ("it's not pushed yet, I'll look over the diff first", "it's not saving the draft"),
    ("It is not released yet so we can still rename the flag", "It is not rendered on the settings page"),
    ("its not merged into main yet - open a PR for it", "its not centered on mobile"),
    ("it's not reviewed by the team yet; meanwhile write the migration guide", "it's still not updated in the sidebar"),
    ("It's not approved yet, wait for Sam", "hmm it's not loading the avatars"),
    ("it's not shipped until friday anyway, so take your time", "it's not showing the new column"),
    ("the branch isn't merged yet, open a PR", "the banner isn't shown on the home page"),
    ("the docs aren't published yet", "the docs aren't rendered, the page is blank"),
])
def test_a_step_not_taken_yet_is_status_not_a_report(quiet, fires):
    _pair(quiet, fires)


# A report the person accepts in the same breath, or asks to confirm, reports nothing to fix.
@pytest.mark.parametrize("quiet, fires", [
    ("it's not tested on safari but that's ok for now", "it's not working on safari"),
    ("it's not leaking any tokens, correct?", "it's not hiding the tokens in the log"),
    ("the build fails on windows, but that's fine for this release", "the build fails on windows"),
    ("Latency is worse than before but that's acceptable for now", "Latency is worse than before"),
    ("memory use is worse than it was, but that's expected with the cache, thanks", "memory use is worse than it was"),
])
def test_a_report_accepted_or_asked_to_confirm_is_not_a_correction(quiet, fires):
    _pair(quiet, fires)


# review6 item 17: "worse" said of the old version praises the new one.
@pytest.mark.parametrize("quiet, fires", [
    ("this is much worse UX in the old build; the new one looks great", "this is much worse UX than the old build"),
    ("it's way worse with the previous version, so keep yours", "it's way worse than the previous version"),
])
def test_worse_said_of_the_old_version_is_praise(quiet, fires):
    _pair(quiet, fires)


# review6 items 14 and 16: a question about the agent's choice asked to learn, or with praise, challenges nothing.
@pytest.mark.parametrize("quiet, fires", [
    ("how does this fix the leak? I'd like to understand it", "how does this fix the leak? it still leaks"),
    ("How is this solving the timeout? great job btw", "How is this solving the timeout?"),
    ("how does that fix the deadlock? can you explain the idea", "how does that fix the deadlock? nothing changed"),
    ("what made you choose postgres? just curious, works great", "what made you choose postgres? we use mysql"),
    ("what made you pick this layout? I love it", "what made you pick this layout?"),
    ("why did you use a set here? just wondering", "why did you use a set here?"),
    ("why did you pick zustand? I want to understand the tradeoff", "why did you pick zustand over our redux store?"),
])
def test_a_question_asked_to_learn_or_with_praise_challenges_nothing(quiet, fires):
    _pair(quiet, fires)


# review6 item 15: "would you mind keeping / leaving …" is a polite new request; "would you mind not …" still refuses.
@pytest.mark.parametrize("quiet, fires", [
    ("would you mind keeping the comments short", "would you mind not renaming every variable"),
    ("would you mind leaving a TODO where the cache goes", "would you mind reverting the lockfile change"),
    ("Would you mind keeping a changelog as you go", "would you mind stop reformatting the imports"),
])
def test_would_you_mind_is_a_correction_only_when_it_stops_or_undoes(quiet, fires):
    _pair(quiet, fires, answer=None)


# review6 item 16: "per my last message" before information is an answer; before an instruction, a reminder.
@pytest.mark.parametrize("quiet, fires", [
    ("per my last message, the api key lives in the vault", "per my last message, don't touch the tests"),
    ("Per my previous message, here are the logs you wanted", "Per my previous message, use pnpm not npm"),
    ("per my earlier message, attached is the schema", "as per my earlier message, no new dependencies"),
])
def test_per_my_last_message_reminds_only_before_an_instruction(quiet, fires):
    _pair(quiet, fires, answer=None)


# review6 item 18: "broke" of people (money) and "still same" before a plan.
@pytest.mark.parametrize("quiet, fires", [
    ("we are broke until payday, stick with the free plan", "the login is broke again"),
    ("they are broke, so the client wants the cheapest hosting", "the buttons are broke now"),
    ("still same agenda as yesterday: tests then docs", "still same"),
    ("still same deadline for the release", "nope still same error"),
])
def test_broke_of_people_and_still_same_before_a_plan_report_nothing(quiet, fires):
    _pair(quiet, fires)


# A failure said not to happen any more is praise, whatever its verb form.
@pytest.mark.parametrize("quiet, fires", [
    ("It's not showing any errors now, great", "It's not showing the errors under the fields"),
    ("Thanks! it's not crashing anymore", "it's crashing again"),
    ("it's not throwing any warnings now, nice", "it's not throwing the validation error for empty names"),
])
def test_a_failure_gone_is_praise_not_a_report(quiet, fires):
    _pair(quiet, fires)


# review6 item 19: on the person's machine, a failure they tie to the agent's change is a report; their own setup
# failing on its own is not.
@pytest.mark.parametrize("fires, quiet", [
    ("the tests fail on my laptop since your refactor", "my laptop keeps freezing when I open the simulator"),
    ("it crashes on my macbook now, it worked before your edit", "my macbook crashes when it wakes from sleep"),
    ("my local redis won't start since your migration, it errors out", "my local redis won't start, how do I fix it?"),
    ("the app won't start on my pc after you changed the config", "I get an error with my vpn when I ssh to the server"),
    ("npm install fails on my machine since your update to package.json", "npm install fails on my machine, any idea?"),
])
def test_a_failure_on_the_persons_machine_blamed_on_the_agents_change_is_a_report(fires, quiet):
    _pair(quiet, fires, answer=MIGRATED)


# Round 1 (dev folds 0-1 read, folds 2-3 measured unread): three families the dev misses share across owners.
HANDED = "Run `npm run migrate` and paste the output here; you'll need to restart the server after that."
OFFERED = "I can look into the worker logs next. Should I investigate the retry queue too?"


@pytest.mark.parametrize("text", [
    "investigate it for me",
    "can you check that for me",
    "please try it for me",
    "no, debug it on your own",
])
def test_handing_the_steps_back_is_a_correction_only_after_the_agent_handed_them_over(text):
    # After an answer that handed the person the steps, "do it for me" says the agent should have acted; after an
    # answer that offered to do more, the same words accept the offer.
    assert classify_text(text, answer=HANDED).correction, text
    assert not classify_text(text, answer=OFFERED).correction, text


@pytest.mark.parametrize("quiet, fires", [
    ("ok I'll run it myself and paste the output", "ok, run it for me"),
    ("I ran it, here is what it printed", "fix that for me"),
    ("can you write a script for me that does the restart", "can you handle that for me"),
])
def test_doing_the_step_or_a_new_request_after_a_hand_over_is_not_handing_back(quiet, fires):
    _pair(quiet, fires, answer=HANDED)


@pytest.mark.parametrize("quiet, fires", [
    ("这不是问题，继续", "肯定不是缓存问题，再查一下"),
    ("网络问题我来处理", "我这边确定不是权限的问题"),
])
def test_a_named_cause_refused_in_chinese_is_a_correction(quiet, fires):
    _pair(quiet, fires)


@pytest.mark.parametrize("quiet, fires", [
    ("not using docker here", "not opening"),
    ("not bad at all", "not scrolling on mobile"),
    ("not sure yet, let me think", "not opeaning"),
    ("if the site can't be reached, show a friendly page", "this site can't be reached"),
    ("make sure the app cannot be loaded over plain http", "the page cannot be loaded now"),
])
def test_a_short_broken_result_after_a_done_answer(quiet, fires):
    _pair(quiet, fires)


@pytest.mark.parametrize("answer", [
    "I\u2019ve updated the config. You\u2019ll need to restart the server before it picks it up.",  # typographic quotes
    "I've updated the config. Restart the server and paste the outputs of both commands here.",
])
def test_an_answer_that_hands_over_the_step_is_read_the_same_whatever_its_quotes(answer):
    # Handed over: an error that follows comes from the person's own step, and "do it for me" hands it back.
    _pair("it fails with a 500 now", "restart it for me", answer=answer)


def test_the_numbers_option_measures_both_splits_without_printing_a_message(monkeypatch):
    """`research/classifier_real.py --numbers`: the held-out split measured, never read (counts only, no text).

    What is checked is what `numbers()` prints, whatever the classifier says, so a quick stand-in decides
    (classifying all 7,000 messages takes a minute and a half; tests/capture_text/test_classifier_families.py
    runs the real classifier on both splits): it flags every message with a "not" in it, so there are true and
    false alarms and misses, every kind of error whose text must not be printed."""
    from types import SimpleNamespace

    import research.classifier_real as real
    from research.data.real_sessions import load_messages

    def quick(message, msg, previous):
        flagged = " not " in f" {message.text.lower()} "
        return SimpleNamespace(correction=flagged, strength="strong", reason="stand-in" if flagged else "")

    monkeypatch.setattr(real, "_verdict", quick)
    out = real.numbers()
    import re

    counts = [tuple(map(int, m)) for m in re.findall(r"\(TP (\d+), FP (\d+), FN (\d+)", out)]
    assert len(counts) == 2 and all(tp and fp and fn for tp, fp, fn in counts), "errors of every kind to leak"
    lines = out.splitlines()
    shape = [line.split(":")[0] for line in lines]
    assert shape == ["dev", "holdout"], "one line per split"
    assert all(" precision " in line and "(TP " in line for line in lines), "counts on each line"
    texts = {" ".join(m.text.split())[:40] for m in load_messages("holdout") + load_messages("dev")}
    leaked = sum(1 for t in texts if len(t) >= 12 and t in out)
    assert leaked == 0, f"{leaked} message texts printed"


# review7 C1-C6: the guards above must not swallow real corrections of the same words, nor the new rules fire on
# look-alikes of their own.
SHIPPED = "Done: I merged the PR, pushed to main and deployed the app; it's live at https://app.example.com now."


@pytest.mark.parametrize("quiet, fires", [
    ("it's not deployed yet on our side, I'll do it after lunch", "it's not live, the url gives a 404"),
    ("the tag isn't pushed yet, I'll push it later", "the commits are not pushed, origin has nothing new"),
    ("the PR isn't merged until review tomorrow", "the PR isn't merged, it still shows as open"),
])
def test_a_step_the_answer_claims_said_not_taken_is_a_correction(quiet, fires):
    _pair(quiet, fires, answer=SHIPPED)


@pytest.mark.parametrize("quiet, fires", [
    ("the export doesn't work for csv, but that's fine for now", "the export doesn't work on prod. it's fine on staging"),
    ("the font looks different, which is expected with the new theme", "the modal is blank in firefox, that's ok in chrome"),
])
def test_fine_somewhere_else_is_the_scope_of_the_bug_not_acceptance(quiet, fires):
    _pair(quiet, fires)


@pytest.mark.parametrize("quiet, fires", [
    ("why did you drop the cache layer? can you explain the tradeoff", "why did you drop the cache layer? explain yourself"),
    ("how is this fixing the race? walk me through it", "how is this fixing anything? explain"),
    ("why did you pick a trie? nice choice", "why did you pick eval here? not a good idea"),
    ("why did you inline the helper? it works great", "why did you inline the helper? it works fine as it was"),
    ("what made you use a queue? I want to understand the design", "why did you delete the tests? I need to understand why you think that's ok"),
])
def test_a_demand_to_explain_or_a_complaint_after_the_question_still_challenges(quiet, fires):
    _pair(quiet, fires, answer="I rewrote the parser to use a state machine and removed the old regex helpers.")


@pytest.mark.parametrize("quiet, fires", [
    ("this is worse in the old version, keep the new one", "it's worse now, in the old version it was fast"),
])
def test_worse_now_with_the_old_version_praised_after_it_is_a_report(quiet, fires):
    _pair(quiet, fires)


@pytest.mark.parametrize("fires, quiet", [
    ("the build fails on my laptop since your commit", "my laptop's build fails since the latest Xcode update"),
    ("my local mysql won't start after your migration", "my local mysql won't start after the last Homebrew upgrade"),
    ("tests fail on my machine after your refactor", "tests fail on my machine, but that's my old node, not your change"),
])
def test_a_third_party_update_or_a_denial_does_not_blame_the_agents_change(fires, quiet):
    _pair(quiet, fires, answer=MIGRATED)


@pytest.mark.parametrize("quiet, fires", [
    ("the page can't be found by search engines yet, add a sitemap", "the page can't be found anymore"),
    ("the docs can't be opened offline by design", "the app can't be opened now"),
])
def test_cannot_be_found_of_a_new_need_is_not_a_broken_result(quiet, fires):
    _pair(quiet, fires)


@pytest.mark.parametrize("quiet, fires", [
    ("would you mind stopping the containers before you finish", "would you mind stopping rewriting my comments"),
])
def test_would_you_mind_stopping_a_thing_is_a_request_stopping_an_action_is_a_correction(quiet, fires):
    _pair(quiet, fires, answer=None)


@pytest.mark.parametrize("quiet, fires", [
    ("it doesn't log the password, right?", "it still doesn't save, ok?"),
    ("not running the seed script yet, I'll run it after lunch", "not loading yet"),
    ("not starting the worker by design, cron runs it", "not rendering on mobile, only on desktop"),
    ("not building the docs yet, next the invoice export", "not loading until I refresh twice"),
])
def test_a_tag_of_irritation_or_a_plan_without_a_subject(quiet, fires):
    _pair(quiet, fires)


def test_handing_back_after_thanks_still_counts():
    _pair("thanks, I'll run it now", "ok thanks, restart it for me", answer=HANDED)
