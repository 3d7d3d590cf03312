"""A correction typed after a long pasted log is kept (review35 R35-14): the signal, the learner's digest and so the
built-in reflector and the model saw only the first 2,000 characters, the log, never "also stop using print for
debugging, we use the logging module" typed after it."""

from __future__ import annotations

from altimate_learn.learner.digest import TYPED_CAP, clip_typed
from altimate_learn.schema import SIGNAL_TEXT_CAP
from altimate_learn.textclip import head_and_tail

RULE = "also stop using print for debugging, we use the logging module"
LOG = "\n".join(f"2026-12-06 05:{i % 60:02d}:{i % 60:02d} INFO worker-{i} job {i} done in {i * 7} ms" for i in range(150))
MESSAGE = f"here is the output after your fix:\n{LOG}\n\n{RULE}"


def test_the_signal_keeps_the_start_and_the_typed_words_after_the_paste(git_repo, cli):
    assert len(MESSAGE) > 2 * SIGNAL_TEXT_CAP
    code, out, err = cli("signal", "add", "--kind", "user", "--text", MESSAGE, "--json")
    assert code == 0, err
    from altimate_learn.store import Store, project

    records = Store(project(git_repo)).signals()[0]
    [record] = records
    assert len(record["text"]) <= SIGNAL_TEXT_CAP
    assert record["text"].startswith("here is the output after your fix:") and record["text"].endswith(RULE)
    assert "characters cut" in record["text"]
    code, out, err = cli("reflect", "--pending", "--model", "builtin")
    assert code == 0, err
    assert "Use the logging module instead of `print` for debugging." in out


def test_the_digest_keeps_the_typed_words_after_the_paste():
    clipped = clip_typed(MESSAGE)
    assert len(clipped) <= TYPED_CAP and clipped.endswith(RULE) and clipped.startswith("here is the output")


def test_no_word_is_cut_in_two_and_a_secret_is_never_half_kept():
    key = "sk-proj-" + "Zq8vP2mK9xL4Tn7Wb3Rc6Yd1Hf5Jg0Ks"
    text = "a " * 600 + f"token {key} " + "b " * 600 + "fin"
    for cap in range(300, 1400, 7):
        out = head_and_tail(text, cap)
        assert len(out) <= cap
        words = [w for w in out.split() if w not in ("[…", "…]", "characters", "cut") and not w[0].isdigit()]
        assert all(w in ("a", "b", "fin", "token", key) for w in words), out


def test_short_text_is_unchanged():
    assert head_and_tail("keep me", 10) == "keep me"
    assert clip_typed("  use uv, never pip  ") == "use uv, never pip"
