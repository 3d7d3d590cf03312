"""Ideas a request names across a few words, which no single word or two-word member of the concept table
(:mod:`altimate_learn.deliver.concepts`) can: a period with nothing in it ("months with no sales": a calendar),
a view redrawn on a clock ("refreshes every 30 seconds": a timer). Requests only, matched on the request's
folded words (stopwords included, :func:`altimate_learn.deliver.tokenize.folded_words`); each shape is held to
what it governs, so a look-alike that shares its words ("the hourly job has no retries", "the bot updates
every user's avatar") names nothing. The word lists are folded on first use (a few dozen words)."""

from __future__ import annotations

from altimate_learn.deliver.concepts import IMPLIED, PREFIX

# --- periods with nothing in them ---------------------------------------------------------------------------
# "the chart has gaps for months with no sales", "skips the weeks where nobody signed up", "one row per day even
# when nobody logged in": a report over time that loses the periods without rows is what a calendar (a date
# spine) fixes, though the request names neither. Two shapes:
# - a gap word just before a period noun (two words at most): "gaps for months", "skips the weeks";
# - after a period word (three words at most), nobody doing something ("day even when nobody logged in") or
#   an absence word governing data, the word right after it ("months with no sales", "days with zero signups").
# Not: "skip the daily standup summary" (a period adjective: the standup is daily, no day is empty), "the hourly
# job has no retries" (no retries is no missing data), "no logs for 3 days", "zero downtime deploys this week".
PERIOD_NOUNS = "day days week weeks month months quarter quarters year years hour hours"
PERIOD_WORDS = PERIOD_NOUNS + " daily weekly monthly quarterly yearly hourly"
GAP_WORDS = "gap gaps missing skip skips skipped skipping empty blank"
NOBODY = "nobody noone"
ABSENT = "no zero none nothing missing empty blank without"
DATA_WORDS = ("row rows data sale sales order orders signup signups event events activity transaction transactions "
              "revenue record records entry entries visit visits traffic purchase purchases payment payments user "
              "users customer customers login logins click clicks session sessions value values count counts "
              "booking bookings")
EMPTY_PERIOD = PREFIX + "calendar"
RATIO, EMPTY_DIVISION = PREFIX + "ratio", PREFIX + "division"  # a ratio over an empty period divides by zero
_empty: list[frozenset[str]] = []


def _folded(*groups: str) -> list[frozenset[str]]:
    from altimate_learn.deliver.morphology import fold

    return [frozenset(t for w in group.split() for t in fold(w)) for group in groups]


def folded_tables() -> dict[str, list[frozenset[str]]]:
    """The shapes' word lists, folded: prepared with the index (``corpus.shapes``), so a prompt's hook folds none
    of them (a hundred words, a few per cent of its time)."""
    return {"empty": _folded(PERIOD_NOUNS, PERIOD_WORDS, GAP_WORDS, NOBODY, ABSENT, DATA_WORDS),
            "timed": _folded(REDRAW, "every", TIME_UNITS)}


def empty_period(words: list[tuple[str, ...]], tables: dict | None = None) -> bool:
    """Whether a request, as its folded words (stopwords included), names a period with nothing in it (``tables``:
    :func:`folded_tables`, as the corpus holds them; else folded here, once)."""
    if tables and "empty" in tables:
        nouns, periods, gaps, nobody, absent, data = tables["empty"]
    else:
        if not _empty:
            _empty.extend(folded_tables()["empty"])
        nouns, periods, gaps, nobody, absent, data = _empty

    def has(i: int, table: frozenset[str]) -> bool:
        return 0 <= i < len(words) and any(t in table for t in words[i])

    for i in range(len(words)):
        if not has(i, periods):
            continue
        if has(i, nouns) and (has(i - 1, gaps) or has(i - 2, gaps)):
            return True
        for j in range(i + 1, i + 4):
            if has(j, nobody) or has(j, absent) and has(j + 1, data):
                return True
    return False


# --- a view redrawn on a clock --------------------------------------------------------------------------------
# "the dashboard refreshes every 30 seconds", "the price updates every minute": what runs on a clock runs on a
# timer (whose interval must be cleared). Only with a unit of time after "every" (a number or "few" may come
# between): "the bot updates every user's avatar" and "the release script updates every package.json" say
# "each", not "on a clock". A day or a week is a schedule (a job), not a timer.
REDRAW = "refresh refreshes refreshed refreshing update updates updated updating reload reloads reloading tick ticks"
TIME_UNITS = "second seconds sec secs minute minutes min mins hour hours hr hrs millisecond milliseconds ms"
_COMPACT_UNITS = ("ms", "s", "sec", "secs", "m", "min", "mins", "h", "hr", "hrs")  # "every 30s", "every 500ms"


def _compact(term: str) -> bool:
    digits = len(term) - len(term.lstrip("0123456789"))
    return 0 < digits and term[digits:] in _COMPACT_UNITS
TIMER = IMPLIED + "timer"
_timed: list[frozenset[str]] = []


def timed_refresh(words: list[tuple[str, ...]], tables: dict | None = None) -> bool:
    """Whether a request, as its folded words (stopwords included), says something is redrawn on a clock: a
    redraw verb, "every", then a unit of time as the next word or the one after ("every 5 seconds", "every
    minute", "every 30s"; ``tables`` as for :func:`empty_period`)."""
    if tables and "timed" in tables:
        redraw, every, units = tables["timed"]
    else:
        if not _timed:
            _timed.extend(folded_tables()["timed"])
        redraw, every, units = _timed
    for i in range(len(words) - 2):
        if any(t in redraw for t in words[i]) and any(t in every for t in words[i + 1]):
            for after in words[i + 2:i + 4]:
                if any(t in units or _compact(t) for t in after):
                    return True
    return False


# --- a screen that keeps working after it is left ----------------------------------------------------------
# "the live orders page still hammers the api after you navigate away", "react warns about a state update on an
# unmounted component", "the tab eats memory if you leave it open, chrome at 2gb after one night", "gets slower and
# slower until somebody reloads it": what a screen started (an interval, a timeout, a poll, a listener) outlives it,
# and what fixes that is the cleanup of its effects, though the request names no timer. Three shapes, on the
# request's own words (lower case, letters and digits):
# - a word of unmounting ("unmounted component": React's own warning);
# - leaving a screen ("after you navigate away", "after I switch over to the list view", "once you close the
#   popup": a word of leaving, with "away" or a screen's noun within five words after or before it, "keeps popping
#   up on other screens long after you left the tracker") while work goes on ("keeps polling", "still hammering",
#   "in the background");
# - memory (or a browser tab's size in MB/GB) that grows while the screen stays open ("memory keeps climbing", "eats
#   memory if you leave it open", "goes up every time someone opens the drawer", "after a while", "tab was at 3GB"
#   overnight), or a thing that gets worse and worse ("slower and slower").
# Not: "after you close the modal, keep the focus on the button" (nothing goes on), "after switching workspace the
# page still shows the old channels" (stale data, nothing runs), "revenue keeps changing after close" (no screen is
# left), "the export eats 6GB and the pod gets killed", "OOMs on big tenants" (one run's memory, not a screen's: the
# batches and iterators of a service), "the bundle went from 300kB to 2.1MB", "the docker image is 1.8GB" (nothing
# grows while open).
LINGERING = "cleanup unmount"  # the words a request gets for it (see select.query_terms), as "money" for "$49"
LINGERING_IDEA = PREFIX + "timer"  # and the idea: what a screen starts and must stop
UNMOUNT = frozenset("unmount unmounts unmounted unmounting".split())
LEAVE = frozenset("navigate navigates navigated navigating switch switches switched switching leave leaves left "
                  "leaving close closes closed closing".split())
SCREENS = frozenset("away page pages tab tabs screen screens view views dashboard modal modals drawer popup popups "
                    "dialog dialogs editor widget panel route".split())
KEEPS = frozenset("keep keeps kept still".split())
MEMORY = frozenset("memory ram heap".split())
OVER_TIME = frozenset("overnight overnite night nights hours shift climbing climbs keeps leak leaks leaking".split())
BROWSER = frozenset("tab tabs browser chrome firefox safari edge".split())  # where a size is a screen's memory
ONE_RUN = frozenset("oom ooms oomed oomkilled killed dies died crash crashes crashed".split())
WORSE = frozenset("slower worse bigger higher more longer heavier laggier".split())


_last: list[tuple[str, list[str]]] = []  # the last text split: the three shapes below read one request in turn


def _plain_words(text: str) -> list[str]:
    """``text``'s words, lower case, letters and digits only (one split for the shapes of one request)."""
    if _last and _last[0][0] is text:
        return _last[0][1]
    out = _split_words(text[:4000])  # a long paste is read at its start: a symptom is told in a sentence or two
    _last[:] = [(text, out)]
    return out


def _sentences(text: str) -> list[tuple[str, list[str]]]:
    """Each sentence or clause of ``text`` (cut at ". ", "; ", "! ", "? " and new lines) with its words, read as
    :func:`_plain_words` reads a text, without taking the place of the request's words in its one-text cache."""
    for end in (". ", "; ", "! ", "? "):
        text = text.replace(end, "\n")
    return [(sentence, _split_words(sentence[:4000])) for sentence in text.split("\n")]


def _split_words(text: str) -> list[str]:
    out: list[str] = []
    word: list[str] = []
    for ch in text.lower():
        if ch.isalnum():
            word.append(ch)
        elif word:
            out.append("".join(word))
            word = []
    if word:
        out.append("".join(word))
    return out


def _size(word: str) -> bool:  # "3gb", "500mb", "2gb"
    return len(word) > 2 and word[-2:] in ("gb", "mb") and word[:-2].isdigit()


def lingering(text: str) -> bool:
    """Whether a request tells of a screen that keeps working after it is left, or grows while it stays open
    (see above)."""
    words = _plain_words(text)
    if not words:
        return False
    have = set(words)
    if have & UNMOUNT:
        return True
    goes_on = "background" in have or any(w in KEEPS and words[i + 1:i + 2] and words[i + 1].endswith("ing")
                                          for i, w in enumerate(words))
    if goes_on:
        for i, w in enumerate(words):
            if w in LEAVE and any(x in SCREENS for x in words[max(0, i - 5):i] + words[i + 1:i + 6]):
                return True
    memory = bool(have & MEMORY) or (bool(have & BROWSER) and any(_size(w) for w in words))
    over_time = bool(have & OVER_TIME) or ("open" in have and bool(have & LEAVE)) or any(
        (w in EACH and words[i + 1:i + 2] == ["time"]) or (w == "a" and words[i + 1:i + 2] == ["while"])
        for i, w in enumerate(words))
    if memory and over_time and not have & ONE_RUN:
        return True
    for i in range(len(words) - 2):
        if words[i] in WORSE and words[i + 1] == "and" and words[i + 2] == words[i]:
            return True
    return False


# --- a row for every thing in every period -------------------------------------------------------------------
# "need an intermediate model w/ one row per subscription per day it was active", "a row for every account for
# every month": a grain of a thing and a period, where every period of every thing has its row, also those in which
# nothing happened; the periods come from a calendar (a date spine), not from the data, though the request names
# neither. A row word, then within two words "per", "each" or "every", then within four more words "per", "each" or
# "every" right before a period noun. Not "one row per day" (a period alone: a daily count, which the data gives),
# "one row per order with its daily total" (no period after a second "per"), "rows per page per request".
ROWS = frozenset("row rows".split())
EACH_OF = frozenset("per each every".split())
PERIODS = frozenset(PERIOD_NOUNS.split())
EACH_PERIOD = "calendar"  # the word a request gets for it (see select.query_terms)


def each_period(text: str) -> bool:
    """Whether a request asks for a row for every thing in every period (see above)."""
    words = _plain_words(text)
    for i, w in enumerate(words):
        if w not in ROWS:
            continue
        for j in range(i + 1, min(i + 3, len(words))):
            if words[j] in EACH_OF and any(words[k] in EACH_OF and words[k + 1] in PERIODS
                                           for k in range(j + 2, min(j + 6, len(words) - 1))):
                return True
    return False


# --- a time of day off by whole hours ------------------------------------------------------------------------
# "hourly occupancy has the morning rush at 5 not 7", "the digest goes out at 3am instead of 9am": a clock time a
# whole number of hours from the one expected is a time zone gone wrong (stored in UTC, shown unconverted), as "three
# hours off" is, though the request names neither. "at", an hour (0 to 24, "5", "5am", "17:00"), "not", "instead of"
# or "rather than", and another hour ending the clause (punctuation, the end, "am", "pm", "o'clock" next). Not "at 5
# not 7 retries" (a count), "version 5 not 7", "at 5 not 5".
OTHER_THAN = ("not ", "instead of ", "rather than ", "but ")
SHIFTED_HOURS = "timezone"  # the word a request gets for it (see select.query_terms)


def _clock(text: str, at: int) -> tuple[int | None, int]:
    """(the hour written at ``at`` of ``text``: "5", "5am", "17:00", "5 pm"; None for none, and where it ends)."""
    n = len(text)
    j = at
    while j < n and _digit(text[j]):
        j += 1
    if not 1 <= j - at <= 2:
        return None, at
    hour = int(text[at:j])
    if j + 2 < n + 0 and text[j] == ":" and j + 2 < n and _digit(text[j + 1]) and _digit(text[j + 2]):
        j += 3
    k = j + 1 if j < n and text[j] == " " else j
    if text[k:k + 2].lower() in ("am", "pm") and (k + 2 == n or not text[k + 2].isalnum()):
        hour, j = hour % 12 + (12 if text[k:k + 2].lower() == "pm" else 0), k + 2
    if hour > 24 or (j < n and (text[j].isalnum() or text[j] in "_%")):
        return None, at
    return hour, j


def shifted_hours(text: str) -> bool:
    """Whether a request tells of a time of day a whole number of hours off (see above)."""
    low = text.lower()
    at = low.find("at ")
    while at >= 0:
        if at == 0 or not low[at - 1].isalnum():
            first, end = _clock(low, at + 3)
            if first is not None:
                rest = low[end:end + 16].lstrip(" ,")
                other = next((w for w in OTHER_THAN if rest.startswith(w)), None)
                if other:
                    k = low.index(other, end) + len(other)
                    if low.startswith("at ", k):
                        k += 3
                    second, stop = _clock(low, k)
                    if second is not None and second != first:
                        tail = low[stop:stop + 9].lstrip(" ")
                        if not tail or not tail[0].isalnum() or tail.startswith(("o'clock", "oclock", "local", "utc")):
                            return True
        at = low.find("at ", at + 1)
    return False


# "shows order times 1h off", "the alerts fire exactly 1h early since the clocks went forward", "3h off": a whole number
# of hours written the short way ("1h", "3hrs", "2 h") right before "off" or "early" is the time zone gone wrong that
# "an hour off" and "hours early" are (members of the timezone idea, concepts.GROUPS), which a tokenizer reading "1h" as
# one word never met. Not "took 1h off" (time taken off), "1h of work", "10h behind"; "cut 1h off the build" still
# reads as one (as "an hour off" does).
_HOURS = ("hrs", "hr", "h")
_TAKEN = frozenset("take takes took taking taken".split())


def _short_hours(words: list[str], i: int) -> int:
    """How many words before ``i`` (exclusive) spell a number of hours the short way ("1h", "3hrs"; "2 h"), or 0."""
    w = words[i - 1] if i > 0 else ""
    for unit in _HOURS:
        if w.endswith(unit) and 1 <= len(w) - len(unit) <= 2 and w[:-len(unit)].isdigit():
            return 1
    if w in _HOURS and i > 1 and 1 <= len(words[i - 2]) <= 2 and words[i - 2].isdigit():
        return 2
    return 0


# check49 C49-2: "early" is a time zone only for what happens or shows at a set time ("alerts fire 1h early", "the
# cron job runs 1h early", "reminders go out 1h early", "the timestamps are 1h early"), not for what was done sooner
# ("we finished 3h early", "the flight landed 2h early", "the race started 1h early"); and hours after an "off" that
# ends a verb ("turn the heater off 1h early", "i logged off 1h early") or after time taken ("got the day off, 8h off")
# are no time read wrong.
_ON_TIME = frozenset("fire fires fired firing run runs ran running go goes went going out send sends sent sending "
                     "trigger triggers triggered triggering show shows showed shown showing display displays "
                     "displayed displaying appear appears appeared ring rings rang ping pings pinged".split())
_TIMES = frozenset("time times timestamp timestamps clock clocks".split())
# The lead's narrowing of C49-2 (check49 C49-5: "we finished 3h early this time", "the show started 1h early", "we go
# home 2h early on fridays" still fired): "early" is read wrong only where the request tells what goes wrong with time
# (a clock change or a zone: :data:`_ZONES`), or, in the four words before the hours, a thing that keeps happening at
# its time (a verb of :data:`_PRESENT`: "alerts fire 1h early", "reminders go out 1h early"; one of :data:`_ON_TIME`
# in the past with "every", "each", "all" or "always": "every reminder went out 1h early"; "is"/"are" with its
# participle: "the emails are sent 1h early"; the times themselves: "the timestamps are 1h early") and no I/we/you
# doing it ("we go home 2h early"). A one-off told in the past ("the test run finished 1h early", "the build ran 1h
# early") is done sooner, no time read wrong.
_ZONES = frozenset("dst utc gmt timezone timezones tz zone zones clocks daylight abroad".split())
_PRESENT = frozenset("fire fires run runs go goes send sends trigger triggers show shows display displays appear "
                     "appears ring rings ping pings arrive arrives start starts open opens".split())
_PARTICIPLES = frozenset("sent shown displayed triggered fired scheduled delivered listed".split())
_PEOPLE = frozenset("i we you".split())
_PAST = frozenset("ran went came began was were got".split())
_EVERY_TIME = frozenset("every each all always".split())


def _early_time(words: list[str], k: int) -> bool:
    """Whether the hours at ``k`` "early" tell of a time read wrong (see :data:`_ZONES` above)."""
    if not _ZONES.isdisjoint(words):
        return True
    window = words[max(0, k - 4):k]
    if not _PEOPLE.isdisjoint(words[max(0, k - 7):k]):
        return False
    for j, w in enumerate(window):
        if w in _PRESENT and not any(x.endswith("ed") or x in _PAST for x in window[j + 1:]):
            return True  # "alerts fire exactly 1h early"; not "the test run finished 1h early" (a noun, then its verb)
        if w in _ON_TIME and not _EVERY_TIME.isdisjoint(words):
            return True  # "every reminder went out 1h early"
    if ("every" in window or "all" in window) and not _PRESENT.isdisjoint(words[:k]):
        return True
    if not _TIMES.isdisjoint(window) and "time" not in window:
        return True  # "writes the timestamps 3h early"; not "it's time to leave 1h early"
    return ("are" in window or "is" in window) and not _PARTICIPLES.isdisjoint(window)
# check49 C49-5's last look-alike (deliver50): hours early for a reason the request tells ("my shift times are 2h early
# this week because of the holiday", "the backups run 2h early due to the new retention policy") are a time moved on
# purpose, no time read wrong; a reason naming a zone or a clock (:data:`_ZONES`: "because the server runs in UTC") or
# a fault ("because of some bug") still tells of one.
_FAULTS = frozenset("bug bugs broken wrong error errors glitch fault twice double again offset offsets convert converts "
                    "converted converting conversion parse parses parsed parsing local subtract subtracts subtracted".split())
# (check50 C50-7: a reason that tells how the time went wrong, "because the server converts them twice", "because we
# subtract the offset again", "because of how we parse the iso string", still tells of a time read wrong)
_TAKEN_OFF = frozenset("day days time got get gets getting have has had".split())


def hours_off(text: str) -> bool:
    """Whether a request tells of a time a whole number of hours off, written the short way (see above)."""
    words = _plain_words(text)
    for i, w in enumerate(words):
        if w in ("off", "early"):
            n = _short_hours(words, i)
            if not n or (i - n > 0 and words[i - n - 1] in _TAKEN):
                continue
            before = words[max(0, i - n - 6):i - n]
            if before[-1:] == ["off"] or _TAKEN_OFF.intersection(before[-4:]) and "off" in before:
                continue  # "turn the heater off 1h early", "we got the day off, 8h off"
            if w == "early" and not _early_time(words, i - n):
                continue  # "we finished 3h early": done sooner, no time read wrong
            if w == "early" and _ZONES.isdisjoint(words) and _FAULTS.isdisjoint(words) and any(
                    x == "because" or x == "due" and words[k + 1:k + 2] == ["to"]
                    for k, x in enumerate(words[i + 1:i + 9], i + 1)):
                continue  # "my shift times are 2h early this week because of the holiday": early for a reason told
            return True
    return False


# --- a link built from a value that was not there ----------------------------------------------------------------
# "the map link opens /carparks/undefined", "redirects to /orders/null/edit", "?id=undefined": a path or a query
# written out with JavaScript's name for a missing value in it is a URL put together by hand from a value that was
# not there, though the request says neither "url" nor "link": the request reads the word "url". A path (a "/" after
# a space, a quote, a colon or the start, then a segment) or a query ("?" or "&", a name, "=") whose part is exactly
# "undefined", "null", "NaN" or "[object Object]". Not "returns null", "undefined is not a function", "a/b testing".
MISSING_PARTS = frozenset(("undefined", "null", "nan", "[object object]", "object%20object"))
BROKEN_URL = "url"  # the word a request gets for it (see select.query_terms)


def broken_url(text: str) -> bool:
    """Whether a request quotes a path or a query holding a missing value (see above)."""
    low = text.lower()
    if "/" not in low and "=" not in low:
        return False
    n = len(low)
    for i, ch in enumerate(low):
        if ch == "/" and (i == 0 or low[i - 1] in " \t\n'\"`(:") or ch in "?&" and i + 1 < n and low[i + 1].isalpha():
            j = i
            while j < n and not low[j].isspace() and low[j] not in "'\"`),":
                j += 1
            token = low[i:j].rstrip(".;:!")
            parts = [p for piece in token.replace("?", "/").replace("&", "/").split("/") for p in piece.split("=")]
            shaped = len(parts) > 1 if ch == "/" else "=" in token
            if shaped and any(p in MISSING_PARTS for p in parts[1:]):
                return True
    return False


# --- a check whose time gives the secret away ------------------------------------------------------------------
# "the pairing code check answers a few microseconds sooner when the first digits are wrong", "the login responds
# faster when the first characters of the token match": a comparison whose time tells how much of a guess was right
# (it stops at the first wrong character) is a timing attack, which a constant-time comparison fixes, though the
# request names neither: it reads the words "timing attack". A word of time or speed ("sooner", "faster", "slower",
# "microseconds", "timing") and, within eight words, a word of how much was right ("first", "wrong", "right",
# "correct", "match", "matching") next to the parts of a secret ("digits", "characters", "chars", "bytes",
# "letters"). Not "the first digits of the phone number are wrong" (no time), "loads faster with fewer rows".
SPEEDS = frozenset("sooner faster quicker slower later longer earlier microseconds microsecond nanoseconds nanosecond "
                   "milliseconds ms timing".split())
RIGHTNESS = frozenset("first wrong right correct match matches matching mismatch leading".split())
SECRET_PARTS = frozenset("digit digits character characters char chars byte bytes letter letters".split())
TIMING_LEAK = "timing attack"  # the words a request gets for it (see select.query_terms)


def timing_leak(text: str) -> bool:
    """Whether a request tells of a check whose time gives away how much of a guess was right (see above)."""
    words = _plain_words(text)
    for i, w in enumerate(words):
        if w not in SECRET_PARTS:
            continue
        if not any(x in RIGHTNESS for x in words[max(0, i - 2):i + 3]):
            continue
        if any(x in SPEEDS for x in words[max(0, i - 8):i + 9]):
            return True
    return False


# --- a table rebuilt from scratch on every run -------------------------------------------------------------------
# "fct_events rebuilds the whole table every hour and takes 40 min", "it reprocesses all five years of clicks on every
# run", "recomputing fct_sessions from scratch though only yesterday changed": a model that redoes all its history
# each time is what an incremental model fixes, though the request names neither. A verb of doing again (rebuild,
# recompute, reprocess, reload, recalculate) with all of it ("the whole table", "the entire history", "all five
# years", "from scratch") or with every run ("every hour", "each run", "every night"). Not: "rebuild the docker image",
# "reload the page every time you save" (a verb alone, or with a time and no model's data: both are needed words of
# the same clause, so "recompute the totals" or "every run prints a warning" name nothing).
REDO = frozenset("rebuild rebuilds rebuilt rebuilding recompute recomputes recomputed recomputing reprocess reprocesses "
                 "reprocessed reprocessing recalculate recalculates recalculated recalculating reload reloads reloaded "
                 "reloading reread rereads rescan rescans rescanned".split())
WHOLE = frozenset("whole entire all full".split())
HISTORY = frozenset("history table tables years yrs months rows data".split())
EACH = frozenset("every each".split())
RUNS = frozenset("run runs time times hour hours night nights day days build builds".split())
FULL_REBUILD = "incremental"  # the word a request gets for it (see select.query_terms)


def full_rebuild(text: str) -> bool:
    """Whether a request tells of a model that redoes all its history on every run (see above)."""
    words = _plain_words(text)
    for i, w in enumerate(words):
        if w not in REDO:
            continue
        after = words[i + 1:i + 10]
        if "scratch" in after:
            return True
        whole = any(a in WHOLE for a in after) and any(a in HISTORY for a in after)
        each = any(a in EACH and b in RUNS for a, b in zip(after, after[1:]))
        if whole and each or whole and "history" in after or each and any(a in HISTORY for a in after):
            return True
    return False


# --- a row changed after it was loaded -------------------------------------------------------------------------
# "same order_id twice whenever an order changed after it first landed", "orders edited after they first loaded never
# get their new status", "updated after the first load": a model that picks up new rows by when they were created
# misses (or duplicates) the rows changed after it loaded them, which is what filtering an incremental model on
# `updated_at` (and merging on a unique key) fixes, though the request names neither. A verb of changing, "after"
# within four words, then "first" or a word of arriving (landed, synced, ingested) within five. Not: "update the docs
# after the release", "changed the copy after the design review" (nothing was loaded), "the page does not update after
# I load it" (a page, loaded once: no first load of rows).
CHANGED = frozenset("edit edited change changed changes update updated updates modify modified amended".split())
LOADED = frozenset("first landed synced arrived ingested".split())  # "after it first loaded", "after the first load"
LATE_UPDATE = "incremental updated_at"  # the words a request gets for it (see select.query_terms)


# The same told as a correction made later that the figures never take in (deliver49; blind78's b78-17, blind79's
# b79-v04): "when an instructor fixes a lesson's duration a week later, the numbers never change, the old figure just
# sits there forever", "check-ins the front desk edits later show up with the old hours, forever": a verb of changing
# or fixing with "later" (or "afterwards") within eight words after it, and the old value kept: "old" right before a
# value ("the old figure", "the old hours"), "never" before a verb of changing, or "forever". Not "I'll fix the docs
# later" (nothing kept), "edit it later, the old screenshots are fine" (no value), "the old price never changes"
# (nothing was changed later). The change later is someone else's to the data, told as what happens: not a change the
# person or the agent is to make or made ("we'll fix the old status values later", "please fix the old price later",
# "fix it later, the page shows the old price", "we fixed the bug later and the old totals were recomputed": a verb
# opening its sentence, or after I/we/you/let's/please/to/will/can…), and "forever" only as what stays, not what
# takes long ("the tests take forever, I'll fix them later": check49's C49-7, 16 such requests fired).
_OWN_ACT = frozenset("i we you ll let s please to will can could should would must shall gonna me us".split())
_TAKES = frozenset("take takes took taking".split())
FIXED = CHANGED | frozenset("edits fix fixes fixed fixing correct corrects corrected correcting amend amends "
                            "changing updating editing".split())
LATER = frozenset("later afterwards afterward".split())
VALUES = frozenset("figure figures value values number numbers hours amount amounts total totals count counts status "
                   "statuses price prices data row rows duration durations minutes score scores".split())


_PICKS = frozenset("pick picks picked picking".split())


def _kept_old(words: list[str]) -> bool:
    """Whether words tell of an old value kept: "the old figure", "never change", "forever"."""
    for i, w in enumerate(words):
        if w == "forever" and not _TAKES.intersection(words[max(0, i - 2):i]):
            return True
        if w == "old" and any(x in VALUES for x in words[i + 1:i + 3]):
            return True
        if w == "never" and i + 1 < len(words) and (words[i + 1] in FIXED or words[i + 1] == "update"):
            return True
        if w == "never" and words[i + 1:i + 2] and words[i + 1] in _PICKS and "up" in words[i + 2:i + 5]:
            return True  # "the model never picks up the change", "never pick them up"
    return False


def late_update(text: str) -> bool:
    """Whether a request tells of rows changed after they were first loaded (see above)."""
    words = _plain_words(text)
    for i, w in enumerate(words):
        if w not in CHANGED:
            continue
        for j in range(i + 1, min(i + 5, len(words))):
            if words[j] == "after":
                if any(x in LOADED for x in words[j + 1:j + 6]):
                    return True
                break
    return _kept_old(words) and any(_changed_later(said) for _, said in _sentences(text))


def _changed_later(words: list[str]) -> bool:
    """Whether one sentence tells of a change someone makes later (see above): a verb of fixing with "later" within
    eight words after it, neither opening the sentence nor after the person's or the agent's own I/we/please/to…"""
    for i, w in enumerate(words):
        if w in FIXED and i and words[i - 1] not in _OWN_ACT and any(x in LATER for x in words[i + 1:i + 9]):
            return True
    return False


# --- one failure among calls made together ---------------------------------------------------------------------
# "one bad sku lookup fails but the other 30 lookups keep running", "if one of the fan-out calls errors, the rest keep
# going in the background", "one failing sub-request leaves the other calls running": calls made together whose
# failure does not stop the others is what a task group (cancelling the siblings) fixes, though the request names no
# concurrency. A failure, one of many, and the others going on. Not: "the job fails but keeps retrying" (nothing else
# goes on), "one test fails on ci" (nothing goes on).
FAILS = frozenset("fail fails failed failing throw throws threw throwing error errors errored raise raises raised "
                  "crash crashes crashed bad broken".split())
OTHERS = frozenset("other others rest remaining sibling siblings".split())
GOING = frozenset("running going continuing continue continues".split())
SIBLINGS = "cancel sibling"  # the words a request gets for it (see select.query_terms)
SIBLINGS_IDEA = PREFIX + "concurrency"


def one_fails(text: str) -> bool:
    """Whether a request tells of one failure among calls made together while the others go on (see above)."""
    words = _plain_words(text)
    have = set(words)
    if not (have & FAILS and have & OTHERS and "one" in have):
        return False
    for i, w in enumerate(words):
        if w in GOING and any(x in KEEPS or x in OTHERS or x in ("still", "leaves", "leave", "left")
                              for x in words[max(0, i - 4):i]):
            return True
        if w in ("carry", "carries", "carried") and words[i + 1:i + 2] == ["on"]:
            return True
    return False


# --- an HTTP call written out -------------------------------------------------------------------------------
# "write the client for GET /internal/balances", "POST /v1/refunds returns 500": an HTTP method in capitals
# followed by a path or a URL is an HTTP call (the client, the timeout, the retries), though the request says
# neither "http" nor "api". Only in capitals and only before a path: "get the balances", "post a message",
# "DELETE FROM orders" (SQL) name no call.
HTTP_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
HTTP = PREFIX + "http"


def http_call(text: str) -> bool:
    """Whether ``text`` writes out an HTTP call: a method in capitals, then a path (``/…``) or a URL."""
    if not any(method + " " in text for method in HTTP_METHODS):
        return False
    parts = text.split()
    for word, after in zip(parts, parts[1:]):
        if word.strip("`\"'(") in HTTP_METHODS and (after.lstrip("`\"'").startswith(("/", "http://", "https://"))):
            return True
    return False


# --- a number written the way another locale writes it ------------------------------------------------------
# "when they type 1.234,50 the discount is saved as 1.234", "1 234,50 €", "1'234.50": a number grouped in
# thousands with dots, spaces or apostrophes (with a decimal comma after dots or spaces) is how people in other
# locales write numbers, and what goes wrong with it is parsing or formatting numeric input: the decimal idea
# (`parseDecimal()`, "locale separators"), though the request names neither. Not "1,234.50" (the form parsers
# expect), versions ("1.2.3"), dates ("04.12.2026"), IP addresses or "3, 4 and 5".
DECIMAL = PREFIX + "decimal"
_GROUPING = ".' \u00a0\u202f"


def _digit(ch: str) -> bool:
    return "0" <= ch <= "9"


def locale_number(text: str) -> bool:
    """Whether ``text`` writes a number with another locale's separators (see above)."""
    if "," not in text and "'" not in text:
        return False
    n = len(text)
    i = 0
    while i < n:
        if not _digit(text[i]) or (i and (text[i - 1].isalnum() or text[i - 1] in ".,'")):
            i += 1
            continue
        j = i
        while j < n and _digit(text[j]):
            j += 1
        sep = text[j] if j < n and j - i <= 3 else ""
        k = j
        while (sep and sep in _GROUPING and k + 4 <= n and text[k] == sep and all(_digit(c) for c in text[k + 1:k + 4])
               and not (k + 4 < n and _digit(text[k + 4]))):
            k += 4  # one more group of three
        if k > j:
            if sep == "'":
                return True
            if k + 1 < n and text[k] == "," and _digit(text[k + 1]):
                end = k + 1
                while end < n and _digit(text[end]):
                    end += 1
                if end - k - 1 <= 2:
                    return True
        i = max(j, k)
    return False


# --- the words a person sees when something fails -------------------------------------------------------------
# "the csv import just says 'Error: failed'", "it only shows \"Invalid file\"", "all they get is 'Something went
# wrong'": a short text in quotes that the product says, shows or gives a person, and that reports a failure, is an
# error message, and what goes wrong with it is its wording (what happened, what to do next), though the request
# says neither "error" nor "message". Only after a verb of showing (says, shows, displays, gets, sees; prints or
# outputs, what a command-line tool shows: "the import cli just prints 'failed'") and only a failure's words in the
# quote: "the button says 'Save'" (a label), "rename it to 'Invoices'", "pytest says 'ModuleNotFoundError: …'" (one
# word of an exception class, no failure word) are no error message.
SHOWING = frozenset(("say says said saying show shows showed shown showing display displays displayed get gets got "
                     "see sees saw print prints printed printing output outputs").split())
FAILING = frozenset(("error errors fail fails failed failure invalid wrong oops unable cannot denied problem unknown "
                     "unexpected incorrect rejected").split())
QUOTES = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019", "\u00ab": "\u00bb"}
ERROR_MESSAGE = "error message"  # the words a request gets for it (see select.query_terms)
_PUNCTUATION = ":.,;!?()[]\"'\u201c\u201d\u2018\u2019"
_LOOKS = 40  # quotes looked at in one request (a pasted log may hold thousands)


def _camel(word: str) -> bool:
    return any(c.isupper() for c in word[1:]) and any(c.islower() for c in word)


def failure_shown(text: str) -> bool:
    """Whether ``text`` quotes a failure the product shows a person (see above)."""
    if not any(quote in text for quote in QUOTES):
        return False
    n = len(text)
    looks = 0
    for i, ch in enumerate(text):
        close = QUOTES.get(ch)
        if close is None or (i and not (text[i - 1].isspace() or text[i - 1] in ":(")):
            continue
        looks += 1
        if looks > _LOOKS:
            return False
        j = text.find(close, i + 1)
        if j < 0 or j - i > 80 or (j + 1 < n and text[j + 1].isalnum()):
            continue
        before = text[max(0, i - 40):i].lower().split()[-3:]  # the verb right before the quote, a word or two between
        if not any(word.strip(_PUNCTUATION) in SHOWING for word in before):
            continue
        # the quote's own words, not the parts of an identifier (`ModuleNotFoundError` holds no failure word)
        if any(word.strip(_PUNCTUATION).lower() in FAILING for word in text[i + 1:j].split()
               if not _camel(word.strip(_PUNCTUATION))):
            return True
    return False


# --- a ticket named by its key -----------------------------------------------------------------------------------
# "commit this as the fix for PAY-88", "link DATA-1234 in the PR": a tracker's key (two to ten capital letters, a
# hyphen and a number) names a ticket, though the request does not say "ticket": the request gets the ticket idea (a
# concept term, half a shared word: with "commit" it meets "Write commit messages … with a ticket id"; alone, or with
# a word no ticket rule holds, it brings nothing). Its letters stay words of the request (SEC-88 is about security).
# Not a standard or a name with a number ("UTF-8", "SHA-256", "ISO-8601", "RFC-7231", "CVE-2024-1234", "GPT-4",
# "COVID-19", "TLS-1"): KEYLESS; not inside a word, a path or a version ("foo/ABC-12", "ABC-12.3", "ABC-12b").
KEYLESS = frozenset(("UTF UCS ISO IEC IEEE RFC SHA MD AES DES RSA ECDSA HMAC TLS SSL HTTP HTTPS CVE CWE GHSA PEP "
                     "ES ECMA GPT COVID SARS IPV WPA ANSI EN DIN ASCII LTS RC ARM X GS ADA WCAG NIST FIPS PCI "
                     "SOC").split())
TICKET = PREFIX + "ticket"  # the idea a request gets for a key


def ticket_key(text: str) -> bool:
    """Whether ``text`` names a ticket by its tracker key ("PAY-88"; see above)."""
    n = len(text)
    at = text.find("-")
    while at >= 0:
        i = at
        while i > 0 and "A" <= text[i - 1] <= "Z":
            i -= 1
        j = at + 1
        while j < n and _digit(text[j]):
            j += 1
        if (2 <= at - i <= 10 and 1 <= j - at - 1 <= 6 and text[i:at] not in KEYLESS
                and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "_/-.\\"))
                and (j == n or not (text[j].isalnum() or text[j] in "_-/" or text[j] == "." and j + 1 < n
                                    and text[j + 1].isalnum()))):
            return True
        at = text.find("-", at + 1)
    return False


# --- an amount shown a hundred times too big or too small ---------------------------------------------------
# "the plan card says 1999 where the plan costs 19.99", "club fee summary says 4500 € where it should be 45,00 €":
# two numbers of a request, one with cents (two decimals, with a point or a comma) and the other a hundred times it,
# are an amount kept in its smallest unit shown as the whole unit (or back): what goes wrong is money and cents, though
# the request names neither. The request gets the words "money" and "cents" (select.query_terms), as "money" for
# "€49". Not "from 1 to 100 users" (no cents written), "v1.2.3 and 123", "10.0.0.1", a date or a time, nor a share
# written as a fraction and a percentage ("0.25 shown as 25%").
HUNDREDFOLD = "money cents"  # the words a request gets for it


def _amounts(text: str) -> tuple[set[int], set[int]]:
    """(every number of ``text`` in hundredths, those written with cents): digits with groups of three (`,` or `.`)
    and a decimal part; a number inside a word or a version, an address, a date or a time ("v2", "1.2.3", "3:30",
    "2026-03-04") is none."""
    whole: set[int] = set()
    cents: set[int] = set()
    n = len(text)
    i = 0
    while i < n:
        if not _digit(text[i]) or (i and (text[i - 1].isalnum() or text[i - 1] in "_.,:-/")):
            i += 1
            continue
        j = i
        while j < n and (_digit(text[j]) or (text[j] in ".," and j + 1 < n and _digit(text[j + 1]))):
            j += 1
        token = text[i:j]
        i = j
        if j < n and (text[j].isalnum() or text[j] in "_:-/%") or text.startswith((" percent", " pct"), j):
            continue  # "3gb", "3:30", "2026-03-04", "1.2.3a", a percentage ("0.25 shown as 25%")
        value, decimals = _hundredths(token)
        if value is None:
            continue
        whole.add(value)
        if decimals:
            cents.add(value)
    return whole, cents


def _hundredths(token: str) -> tuple[int | None, bool]:
    """(the value of one number in hundredths, whether it is written with two decimals), or (None, False) for a
    version or an address ("1.2.3", "10.0.0.1")."""
    seps = [k for k, ch in enumerate(token) if ch in ".,"]
    if not seps:
        return int(token) * 100, False
    last = seps[-1]
    tail = len(token) - last - 1
    groups = seps[:-1] if tail == 2 else seps  # "1,999.00": the last separator is the decimal one
    previous = 0
    for k in groups:  # every group after the first is three digits, and the first at most three
        if (k - previous > 3 and previous) or (not previous and k > 3) or (k != seps[0] and k - previous != 4):
            return None, False
        previous = k
    if groups and len(token) - (groups[-1] + 1) - (tail + 1 if tail == 2 else 0) != 3:
        return None, False
    if tail == 2 and len({token[k] for k in seps}) == (2 if groups else 1):
        digits = token[:last].replace(",", "").replace(".", "")
        return int(digits) * 100 + int(token[last + 1:]), True
    if tail == 3 and len({token[k] for k in seps}) == 1:
        return int(token.replace(",", "").replace(".", "")) * 100, False
    return None, False


def hundredfold(text: str) -> bool:
    """Whether ``text`` writes an amount with cents and, elsewhere, a hundred times it (see above)."""
    if "." not in text and "," not in text:
        return False
    whole, cents = _amounts(text)
    return any(value and value * 100 in whole for value in cents) or any(
        value % 10_000 == 0 and value // 100 in whole and value // 100 not in cents for value in cents if value)


# --- a machine timestamp shown to a person ----------------------------------------------------------------
# "the order confirmation page shows the delivery day as 2026-03-04T23:00:00.000Z": an ISO 8601 date and time with
# its `T` (what an API or a database hands over) in a request is a date that reached people unformatted; the request
# gets the word "date" for it (select.query_terms), as "money" for "€49". A date alone ("since 2026-03-04") is how
# people write dates and says nothing more.
RAW_TIMESTAMP = "date"  # the word a request gets for it


def raw_timestamp(text: str) -> bool:
    """Whether ``text`` holds an ISO 8601 date and time joined by `T` ("2026-03-04T23:00:00Z", "2026-03-04T23:00")."""
    at = text.find("T", 10)
    while at >= 0:
        date, time = text[at - 10:at], text[at + 1:at + 6]
        if (len(time) == 5 and time[2] == ":" and all(_digit(c) for c in time[:2] + time[3:])
                and date[4] == "-" and date[7] == "-" and all(_digit(c) for c in date[:4] + date[5:7] + date[8:])
                and (at == 10 or not text[at - 11].isalnum())):
            return True
        at = text.find("T", at + 1)
    return False


# --- rows left out where an earlier value was empty --------------------------------------------------------------
# "the price-change report missed every machine whose previous price was empty", "accounts with no prior plan never
# show up in the upgrades list", "the diff skips rows where the old status is null": a change found by comparing a
# value with the one before it loses the rows whose earlier value was not there, because a comparison with a null is
# neither true nor false (`a != b` drops them; `is distinct from` keeps them), though the request names neither null
# nor the comparison: it reads the words "nullable compare". A word of the value before (previous, prior, old,
# earlier, former, original) with, within four words after it, a word of its absence ("was empty", "is null",
# "blank", "missing", "unset") or right after "no"/"without" ("no previous price", "without a prior plan"), and in
# the same request rows left out ("missed", "skips", "dropped", "excluded", "never appeared", "doesn't list"). The
# earlier value is a value of the rows: a word that ties it to them ("whose", "where", "with", "without", "when",
# "if", "having", "had") within the three words before it ("machines whose previous price", "rows where the old
# status", "accounts with no prior plan"). Not: "the previous page was blank" (nothing is left out), "the old column
# is empty, drop it" (an order to drop is no row left out), "we missed the previous deadline" (nothing was empty),
# "the old logs are missing and the deploy skipped the migration step", "we lost the old backup, the original is
# missing" (the earlier thing itself is gone, no value of a row: check47 C47-4). Also (deliver49, b70-11) the earlier
# value's absence told as what the rows had then: "who"/"that"/"which", "had no", and "now have" within seven words
# ("misses patrons who had no address and now have one"); not "we had no tests and now have some, CI skips them".
EARLIER = frozenset("previous prior old older earlier former original".split())
ABSENCE = frozenset("empty blank null nil none missing unset undefined nan".split())
NO = frozenset("no without".split())
LEFT_OUT = frozenset("missed misses skip skips skipped dropped drops excluded excludes ignored ignores vanished "
                     "vanish vanishes disappeared disappear disappears omitted omits lost loses".split())
# Words of rows of data (a report, a table, a chart): "where" after things that are none of these is a tool's step ("docker skips pulls where the old image is missing", "the backup skips folders where the old snapshot
# is empty": check49 C49-5), not rows left out of figures.
_DATA = frozenset("report reports table tables row rows record records view views chart charts dashboard dashboards "
                  "audit diff delta export exports query queries model models mart marts sync list lists column "
                  "columns metric metrics figures totals".split())
_CONDITIONS = frozenset("when whenever if".split())  # a condition, unless the rows' own: "when their previous value"
NEVER = frozenset("never not t".split())  # "t": "doesn't show up", "don't appear"
SEEN = frozenset("appear appears appeared show shows showed shown list lists listed flag flags flagged detect detects "
                 "detected catch catches caught count counts counted".split())
OF_ROWS = frozenset("whose where with without when whenever if having had".split())  # the rows' own earlier value
# Words before a tie word that make the noun after them the rows ("every row where", "each order with"); a tie word
# other than "whose" ties the earlier value to the rows only right after their noun (check49 C49-1).
_EACH = frozenset("every each any all no".split())
# What holds rows or files, never a row itself (check49 C49-5's last look-alike, deliver50): things left out that are
# tables, schemas, folders or files ("the migration skipped tables with the old schema missing", "the backup skipped
# folders with the old snapshot missing") are a tool's step over containers, no rows a comparison with a null lost.
_HOLDERS = frozenset("table tables schema schemas database databases db dbs column columns file files folder folders "
                     "directory directories dir dirs bucket buckets volume volumes partition partitions index indexes "
                     "repo repos repository repositories package packages image images".split())


def _ties_rows(words: list[str], j: int) -> bool:
    """Whether the tie word at ``j`` (of :data:`OF_ROWS`) ties what follows to rows named just before it: "whose"
    always ("every machine whose previous price"); the others right after a plural noun ("accounts with no prior
    plan", "products having", "rows where") or the noun after "every"/"each" ("every order where"). At a clause's
    start, after a verb's object, they are a condition or a step ("if the previous build is missing, CI skips the cache
    restore", "where the old image is missing, docker skips the pull"), no row's own value; "when", "whenever" and
    "if" tie only with the rows' own "their"/"its", and "where" only where the request tells of data (:data:`_DATA`)."""
    if words[j] == "whose":
        return True
    if j == 0 or words[j] in _CONDITIONS and words[j + 1:j + 2] not in (["their"], ["its"]):
        return False  # "CI skips all steps when the old token is unset"; "the diff loses rows when their previous…"
    if words[j] == "where" and _DATA.isdisjoint(words):
        return False
    before = words[j - 1]
    if before in _HOLDERS:
        return False  # "the migration skipped tables with the old schema missing": tables are no rows of figures
    return _plural(before) or (j >= 2 and words[j - 2] in _EACH and before.isalpha())
NULL_COMPARISON = "nullable compare"  # the words a request gets for it (see select.query_terms)


_NOW_HAVE = frozenset("have has got hold holds".split())
_WHO = frozenset("who that which".split())  # the rows' own clause: "patrons who had no address"; not "we had no tests"


def empty_before(text: str) -> bool:
    """Whether a request tells of rows left out where an earlier value was empty (see above)."""
    words = _plain_words(text)
    have = set(words)
    if not have & EARLIER and "had" not in have:
        return False
    left = have & LEFT_OUT or any(w in NEVER and (words[i + 1:i + 2] and words[i + 1] in SEEN)
                                  for i, w in enumerate(words))
    if not left:
        return False
    for i, w in enumerate(words):
        # "patrons who had no address and now have one": the earlier value absent, told as what the rows had then
        if w == "had" and i and words[i - 1] in _WHO and words[i + 1:i + 2] == ["no"] and any(
                x == "now" and words[k + 1:k + 2] and words[k + 1] in _NOW_HAVE
                for k, x in enumerate(words[i + 2:i + 9], i + 2)):
            return True
        if w not in EARLIER or not any(words[j] in OF_ROWS and _ties_rows(words, j) for j in range(max(0, i - 3), i)):
            continue
        if any(x in ABSENCE for x in words[i + 1:i + 5]):
            return True
        if any(x in NO for x in words[max(0, i - 2):i]):
            return True
    return False


# --- a figure per thing that fails on the things with none -------------------------------------------------------
# "the per-household usage model falls over every month on the vacant lots that have no residents", "the average
# basket job crashes for stores with zero orders", "conversion rate errors out on campaigns without any visits": a
# figure taken per thing (a rate, an average, a share, "per household") that breaks where a thing has none of what it
# counts divides by zero, which a safe division fixes, though the request names neither division nor zero as such: it
# reads the words "divide zero". A word of a per-thing figure (per, average, avg, mean, rate, ratio, share,
# percentage) and a word of failing within fifteen words of "no", "zero", "0" or "without" (an "any" between) before
# a plural noun that is not the failure itself, the figure named before the things with none (or the request names the
# division itself: "'division by zero' … the avg rate"). Not: "the export fails for users with no email addresses" (no
# figure per thing), "the per-user page fails when the api is down" (nothing is none), "the average run has no errors"
# (the errors are the none), "the login fails for users with no passwords set, the rate is fine otherwise" (a figure
# named after them, in a clause of its own: check48 C48-2).
PER_THING = frozenset("per average averages avg mean rate rates ratio ratios share percentage percentages".split())
BREAKS = frozenset("fail fails failed failing crash crashes crashed crashing falls fell breaks broke errors errored "
                   "erroring dies died blows blew explodes exploded chokes choked".split())
NONE_OF = frozenset("no zero 0 without".split())
DIVIDED = frozenset("division divide divided divides dividing divisor denominator".split())  # the division named
DIVIDE_BY_ZERO = "divide zero"  # the words a request gets for it (see select.query_terms)


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


# "per the docs", "per our call": "per" as "according to"; "the rate limiter", "rate-limited": no figure (check47 C47-4)
_PER_WHOM = frozenset("the a an my our your their his her its this that these those".split())
_RATE_LIMIT = frozenset("limit limits limiter limiters limited limiting".split())


def _no_figure(words: list[str], i: int) -> bool:
    """Whether the per-thing word at ``i`` is no figure per thing ("per the docs", "the rate limiter")."""
    after = words[i + 1] if i + 1 < len(words) else ""
    return (words[i] == "per" and after in _PER_WHOM) or (words[i] in ("rate", "rates") and after in _RATE_LIMIT)


def none_to_divide(text: str) -> bool:
    """Whether a request tells of a figure per thing that fails where a thing has none (see above)."""
    words = _plain_words(text)
    have = set(words)
    if not (have & PER_THING and have & BREAKS and have & NONE_OF):
        return False
    said = bool(have & DIVIDED)  # "'division by zero' … the avg rate": the request names the division itself
    fails = [i for i, w in enumerate(words) if w in BREAKS]
    pers = [i for i, w in enumerate(words) if w in PER_THING and not _no_figure(words, i)]
    for i, w in enumerate(words):
        if w not in NONE_OF:
            continue
        j = i + 2 if words[i + 1:i + 2] == ["any"] else i + 1
        if j >= len(words) or not _plural(words[j]):
            continue
        if any(abs(f - i) <= 15 and f != j for f in fails) and (any(0 < i - p <= 25 for p in pers) or said):
            return True
    return False


# --- a numeric date read in the other order -----------------------------------------------------------------------
# "booked for 'tue 5/6' and the system put them in on the 6th of May, not the 5th of June", "booked 03/07 meaning the
# seventh of March and we had her down for the third of July": a date a person typed with both numbers 12 or less,
# and the request telling a day and a month that are those two numbers (either order), is a date read in the wrong
# day/month order: parsing a person's date by their locale fixes it, though the request names neither parsing nor
# locale. It reads the words "parse date". Not "5/6 tests pass since the 3rd of May" (the day and month are not the
# slash's numbers), "the 5th of June" alone (no date typed), "13/07" (no other order), a path ("/orders/5/6") or a
# version ("1.5/6"). Only a date misread is the shape: the request tells both readings ("the 6th of May, not the 5th of
# June"), or one of them and a word of the wrong reading ("instead", "meant", "wrong", "not", "but", "flipped"):
# "set the deadline to 6/7, June 7th" and "3/5 of the orders on May 3rd failed" tell one reading and no mistake (the
# lead's fix of check49's C49-6: 16 such requests fired).
MONTHS = {name: n for n, names in enumerate((
    "january jan", "february feb", "march mar", "april apr", "may", "june jun", "july jul", "august aug",
    "september sep sept", "october oct", "november nov", "december dec"), 1) for name in names.split()}
_ORDINAL_WORDS = {w: n for n, w in enumerate((
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth").split(), 1)}
_MISREAD = frozenset("instead meant means meaning wrong wrongly should not but actually flipped swapped switched "
                     "reversed backwards mixed".split())
PARSE_DATE = "parse date"  # the words a request gets for it (see select.query_terms)


def _slash_pairs(low: str) -> set[tuple[int, int]]:
    """The (first, second) numbers of the dates ``low`` writes as one or two digits, "/", one or two digits (an
    optional "/" and a year after), both 1 to 12: a day and a month in some order. Not inside a path or a version."""
    found: set[tuple[int, int]] = set()
    at = low.find("/")
    n = len(low)
    while at >= 0:
        i = at
        while i > 0 and _digit(low[i - 1]):
            i -= 1
        j = at + 1
        while j < n and _digit(low[j]):
            j += 1
        if 1 <= at - i <= 2 and 1 <= j - at - 1 <= 2 and (i == 0 or not (low[i - 1].isalnum() or low[i - 1] in "/._-")):
            k = j
            if k < n and low[k] == "/":
                k += 1
                while k < n and _digit(low[k]):
                    k += 1
                if k - j - 1 not in (2, 4):
                    k = -1
            if k >= 0 and (k == n or not (low[k].isalnum() or low[k] in "/_")):
                first, second = int(low[i:at]), int(low[at + 1:j])
                if 1 <= first <= 12 and 1 <= second <= 12 and first != second:
                    found.add((first, second))
        at = low.find("/", at + 1)
    return found


def _day_number(word: str) -> int | None:
    """The day of the month a word writes: "6", "6th", "21st", "seventh"; else None."""
    if word in _ORDINAL_WORDS:
        return _ORDINAL_WORDS[word]
    digits = word[:-2] if word[-2:] in ("st", "nd", "rd", "th") else word
    if digits.isdigit() and 1 <= len(digits) <= 2 and 1 <= int(digits) <= 31:
        return int(digits)
    return None


def day_month(text: str) -> bool:
    """Whether a request tells of a numeric date read in the other day/month order (see above)."""
    if "/" not in text:
        return False
    pairs = _slash_pairs(text.lower())
    if not pairs:
        return False
    words = _plain_words(text)
    told: set[tuple[int, int]] = set()  # (day, month) told in words that one typed date writes in some order
    for i, w in enumerate(words):
        month = MONTHS.get(w)
        if month is None:
            continue
        days = []
        if i >= 2 and words[i - 1] == "of":  # "the 6th of May", "the seventh of March"
            days.append(_day_number(words[i - 2]))
        if i >= 1:  # "6 May", "5th June"
            days.append(_day_number(words[i - 1]))
        if i + 1 < len(words):  # "June 5th", "March 7"
            days.append(_day_number(words[i + 1]))
        told.update((day, month) for day in days if day is not None and ((day, month) in pairs or (month, day) in pairs))
    if any((month, day) in told for day, month in told):  # both readings of one typed date
        return True
    return bool(told) and not _MISREAD.isdisjoint(words)


# --- a call for every letter typed ------------------------------------------------------------------------------
# "typing a guest's surname makes the tablet stutter, the API logs show a hit for every letter", "the search fires a
# request per character typed": a box that calls the server on each letter is what debouncing its input fixes, though
# the request names neither (the concept table's "every keystroke" is one form of it). Typing ("type", "typing",
# "typed", "types") and "every", "each" or "per" right before "letter", "character", "char" or "key" (two words at
# most between: "every single letter"), and a word of a call ("hit", "request", "call", "query", "fetch", "api")
# within six words before it or six after, in one sentence (the call is the letters': not "typing each letter of the password is slow
# on mobile, and the login request times out"); a "key" only pressed ("every key press", "a request for every key"),
# not "type every api key into the vault", "every key in the settings dict". It
# reads the words "debounce input". Not "capitalise every letter you type" (no call), "the api returns every
# character" (nothing typed).
_EVERY = frozenset("every each per".split())
_LETTERS = frozenset("letter letters character characters char chars key keys keystroke keystrokes".split())
_PRESSED = frozenset("press presses pressed stroke strokes down typed".split())
_TYPING = frozenset("type types typed typing search filter autocomplete typeahead".split())  # or the box typed in
_CALLS = frozenset("hit hits request requests call calls query queries fetch fetches api roundtrip".split())
PER_LETTER = "debounce input"  # the words a request gets for it (see select.query_terms)


def per_letter(text: str) -> bool:
    """Whether a request tells of a call made for every letter typed (see above)."""
    words = _plain_words(text)
    have = set(words)
    if not (have & _TYPING and have & _CALLS and have & _LETTERS and have & _EVERY):
        return False
    return any(_letters_called(said) for _, said in _sentences(text))


def _letters_called(words: list[str]) -> bool:
    """Whether one sentence's words tell of a call for every letter (see :func:`per_letter`)."""
    for i, w in enumerate(words):
        if w not in _EVERY:
            continue
        for j in range(i + 1, min(i + 4, len(words))):
            if words[j] in _LETTERS and (words[j] not in ("key", "keys") or _key_pressed(words, j)):
                if any(x in _CALLS for x in words[max(0, i - 6):i] + words[j + 1:j + 7]):
                    return True  # the call is told of the letters ("a hit for every letter"), not elsewhere
    return False


def _key_pressed(words: list[str], j: int) -> bool:
    """Whether "key" at ``j`` is one pressed ("every key press", "a request for every key"), not an API key or a
    dict's key ("type every api key into the vault", "every key in the settings dict")."""
    if words[j - 1] == "api":
        return False
    return j + 1 == len(words) or words[j + 1] in _PRESSED


# --- files gone when the container restarts ----------------------------------------------------------------------
# "the signed forms just go away when the pod restarts ... are we keeping them in /tmp", "uploaded photos disappear
# after every redeploy": files a service keeps on its container's own disk are lost with it, which writing them to
# object storage fixes, though the request names no storage. A file word (files, uploads, forms, PDFs, images, photos,
# attachments, documents, scans, exports, receipts) and a word of their going (gone, lost, disappear, vanish, "go
# away", wiped, missing) and a restart of where they were (a pod, container, node, instance, server, dyno or machine
# restarting, redeployed, rescheduled, recycled, or "/tmp"). It reads the words "object storage". Not "the cache is
# gone after the pod restarts" (no file), "the forms restart the wizard" (nothing gone), "uploads are lost when the
# network drops" (no restart); the loss and the restart (or "/tmp") in one sentence, a loss no removal by someone ("old log files
# are deleted by logrotate"), no wish ("should be deleted") and no lack ("the uploads page is missing a title").
_FILES = frozenset("file files upload uploads uploaded form forms pdf pdfs image images photo photos attachment "
                   "attachments document documents scan scans export exports receipt receipts".split())
_GONE = frozenset("gone lost lose loses disappear disappears disappeared vanish vanishes vanished wiped deleted "
                  "missing".split())
_HOSTS = frozenset("pod pods container containers node nodes instance instances server servers dyno dynos machine "
                   "machines".split())
_RESTARTS = frozenset("restart restarts restarted restarting redeploy redeploys redeployed redeploying deploy deploys "
                      "rescheduled recycled recreated evicted".split())
EPHEMERAL = "object storage"  # the words a request gets for it (see select.query_terms)


def _lost(words: list[str], i: int) -> bool:
    """Whether the word at ``i`` tells of things lost, not removed on purpose or wished so ("deleted by logrotate",
    "should be deleted") nor a thing lacking ("is missing a title")."""
    w = words[i]
    if w in ("go", "goes", "went"):
        return words[i + 1:i + 2] == ["away"]
    if w not in _GONE or words[i - 1:i] == ["be"] or words[i + 1:i + 2] == ["by"]:
        return False
    return not (w == "missing" and words[i + 1:i + 2] in (["a"], ["an"], ["the"], ["its"], ["their"]))


def files_gone(text: str) -> bool:
    """Whether a request tells of files lost when the container they were kept in restarts (see above)."""
    if _FILES.isdisjoint(_plain_words(text)):
        return False
    for sentence, words in _sentences(text):  # the loss and the restart told together
        if not any(_lost(words, i) for i in range(len(words))):
            continue
        if "/tmp" in sentence.lower():
            return True
        if any(w in _HOSTS and any(x in _RESTARTS for x in words[i + 1:i + 3]) for i, w in enumerate(words)) \
                or any(w in _RESTARTS and any(x in _HOSTS for x in words[i + 1:i + 4]) for i, w in enumerate(words)):
            return True
    return False


# --- one day on two rows ----------------------------------------------------------------------------------------------
# "puts the same night on two rows, one says 2026-08-14 00:00:00 and the other 2026-08-14, and the totals split": a
# day written once as a date and once as a date with a time is one day grouped as two values, which truncating to the
# day fixes (never grouping by a timestamp or its text), though the request names neither. The same ISO date twice,
# once followed by a time (HH:MM), once not, and a word of rows doubled or split (rows, split, twice, duplicate,
# double; not a bare "two" or "twice": "two runs in the log"). It reads the words "daily grain". Not "the job ran at
# 2026-08-14 02:00 and again on 2026-08-14, two runs in the log" (no rows), one date alone.
_SPLIT = frozenset("rows split splits duplicate duplicates duplicated double doubled".split())
SPLIT_DAY = "daily grain"  # the words a request gets for it (see select.query_terms)


def split_day(text: str) -> bool:
    """Whether a request tells of one day grouped as two values, a date and a date with a time (see above)."""
    if text.count("-") < 4 or not _SPLIT.intersection(_plain_words(text)):
        return False
    timed: set[str] = set()
    bare: set[str] = set()
    n = len(text)
    for i in range(n - 9):
        if not (text[i + 4] == "-" and text[i + 7] == "-"):
            continue
        date = text[i:i + 10]
        if not (date[:4].isdigit() and date[5:7].isdigit() and date[8:10].isdigit()):
            continue
        if i and (text[i - 1].isalnum()):
            continue
        rest = text[i + 10:i + 16]
        if rest[:1] in (" ", "T") and len(rest) >= 6 and rest[1:3].isdigit() and rest[3] == ":" and rest[4:6].isdigit():
            timed.add(date)
        elif not rest[:1].isalnum():
            bare.add(date)
    return bool(timed & bare)


# --- money with a float's digits ------------------------------------------------------------------------------------
# "the day pass comes out as 149.99999 kr on some receipts... and one said 1.5e+02 kr": an amount printed with a run
# of nines or zeros after the point (149.99999, 0.30000000000000004) or in exponent notation (1.5e+02) is money held
# in a binary float, which a decimal type fixes, though the request says neither float nor decimal. A number with
# four or more 9s or 0s in a row after its point followed by another digit or the number's end, or digits, "e+" or
# "e-" and digits. It reads the words "float money". Not "version 1.0000" (no digit after the run; a version is no
# amount: the run must follow other digits after the point or end a number of 5+ decimals), "10e3 rows" (no sign),
# and only where money is told (a currency, its sign or a word of paying): not "set the learning rate to 1e-5".
_MONEY = frozenset(("price prices priced amount amounts total totals cost costs fee fees charge charged charges paid pay "
                    "payment payments invoice invoices receipt receipts balance refund refunds money cents dollars "
                    "euros pounds kroner krona kronor kr nok sek dkk usd eur gbp chf jpy aud cad nzd inr yen").split())
FLOAT_MONEY = "float money"  # the words a request gets for it (see select.query_terms)


def float_digits(text: str) -> bool:
    """Whether a request quotes a number with a binary float's digits (see above)."""
    low = text.lower()
    if "." not in low and "e+" not in low and "e-" not in low:
        return False
    if not any(c in low for c in "$€£¥₹") and _MONEY.isdisjoint(_plain_words(low)):
        return False  # a float's digits with no money told: a learning rate, a tolerance, a coordinate
    n = len(low)
    for i, ch in enumerate(low):
        if ch == "e" and i and _digit(low[i - 1]) and low[i + 1:i + 2] in ("+", "-") and low[i + 2:i + 3].isdigit():
            j = i - 1
            while j >= 0 and (_digit(low[j]) or low[j] == "."):
                j -= 1
            if j < 0 or not (low[j].isalnum() or low[j] == "_"):
                return True
        if ch == "." and i and _digit(low[i - 1]):
            j = i + 1
            while j < n and _digit(low[j]):
                j += 1
            decimals = low[i + 1:j]
            if len(decimals) >= 5 and ("9999" in decimals or "0000" in decimals[1:]) \
                    and (j == n or not (low[j].isalnum() or low[j] in "._")):
                return True
    return False


# --- an old value until a restart ----------------------------------------------------------------------------------
# "changed opening hrs monday, app still shows the old hours thursday. pod restart fixes it": a value that stays old
# until the process restarts is a cache kept without an expiry, which an explicit TTL fixes, though the request names
# no cache. "still" and within four words after it a word of the old value ("old", "stale", "outdated", "previous"),
# and a restart ("restart", "restarting", "redeploy") with, within four words, what it does to it ("fixes", "fixed",
# "until", "only", "clears", "brings"). It reads the words "cache ttl". Not "the pod still crashes after a restart"
# (no old value), "the old endpoint still writes to /tmp, a restart fixes nothing" (the old thing is no value shown).
# Two things made one, still both shown until a process restarts, are the same cache (deliver51, blind84's b84-v04):
# "we merged two breeds three weeks ago but the booking form still offers both until someone restarts the API pods":
# a merge or a removal told ("merged", "removed", "deleted", "renamed", "replaced", "retired"...), a screen people use
# (form, dropdown, menu, page, checkout, picker, search, filter, cart..., at most three words before "still"; check51
# C51-5: not what a server, a broker, CI or nginx still serves until restarted, a deploy or infra held in a process),
# "still" right before a verb of showing and "both" ("the booking form still offers both"), and "until"/"till"/"only" before a
# restart of a process (pods, server, service, API, app, container, worker...) at most three words after it. Not
# "the shop still offers both sizes until the stock runs out" (no restart), "the report still shows both until we
# restart the warehouse" (nothing merged), "we merged the teams but the roster still lists both leads until hr
# restarts the review cycle" (no process restarted), nor one said as meant (:data:`_AS_MEANT`: "that's fine").
_OLD = frozenset("old stale outdated previous".split())
_RESTART = frozenset("restart restarts restarted restarting redeploy redeploys redeployed redeploying reboot".split())
_CURES = frozenset("fix fixes fixed until till only clears cleared brings brought".split())
_SHOWS = frozenset("shows offers lists returns serves displays show offer list return serve display".split())
_SCREENS = frozenset("form forms dropdown dropdowns menu menus page pages checkout picker select search list "
                     "catalogue catalog filter filters autocomplete signup booking basket cart".split())
_MERGED = frozenset("merged removed deleted renamed replaced retired dropped combined consolidated archived".split())
_PROCESSES = frozenset("pod pods server servers service services api app container containers worker workers process "
                       "processes backend instance instances node nodes deployment".split())
STALE_CACHE = "cache ttl"  # the words a request gets for it (see select.query_terms)


def stale_until_restart(text: str) -> bool:
    """Whether a request tells of an old value that only a restart replaces (see above)."""
    words = _plain_words(text)
    have = set(words)
    if not (have & _RESTART and have & _CURES and "still" in have):
        return False
    if have & _OLD and any(w == "still" and any(x in _OLD for x in words[i + 1:i + 5]) for i, w in enumerate(words)):
        pass  # "still shows the old hours"; not "the old endpoint still dumps the files"
    elif not ("both" in have and have & _MERGED and _AS_MEANT.isdisjoint(have) and any(
            w == "still" and words[i + 1:i + 2] and words[i + 1] in _SHOWS and words[i + 2:i + 3] == ["both"]
            and _SCREENS.intersection(words[max(0, i - 3):i]) for i, w in enumerate(words))):
        return False  # "we merged two breeds but the form still offers both"
    if "both" in have and not have & _OLD:
        return any(w in _RESTART and any(x in _CURES for x in words[max(0, i - 4):i])
                   and _PROCESSES.intersection(words[i + 1:i + 4]) for i, w in enumerate(words))
    return any(w in _RESTART and any(x in _CURES for x in words[max(0, i - 4):i + 5]) for i, w in enumerate(words))


# --- a round number of rows ---------------------------------------------------------------------------------------
# "fct_sessions only has 100 rows in prod?? looks like something from debugging got merged": a table holding exactly
# a round number of rows (10, 50, 100, 500, 1000, …) where there should be more is a `limit` left in its query, though
# the request names no limit. "only", then within three words a round number and "rows" (or "records", "lines"). It
# reads the word "limit". Not "only 37 rows" (no round number), "add 100 rows of test data" (no "only").
_ROUND = frozenset("10 20 25 50 100 200 250 500 1000 2000 5000 10000".split())
_ROWS = frozenset("rows records lines entries".split())
ROUND_ROWS = "limit"  # the word a request gets for it (see select.query_terms)


def round_rows(text: str) -> bool:
    """Whether a request tells of a table cut at a round number of rows (see above)."""
    words = _plain_words(text)
    for i, w in enumerate(words):
        if w == "only":
            for j in range(i + 1, min(i + 4, len(words) - 1)):
                if words[j] in _ROUND and words[j + 1] in _ROWS:
                    return True
    return False


# --- a day off for the rows near midnight ---------------------------------------------------------------------------
# "the manifest has the sailing date one day off but only for the late night departures (after 23:00)", "their monday
# morning signups show up on sunday": a date one day wrong for what happens late at night or early in the morning is a
# timestamp grouped by its day in the wrong time zone (UTC's date, not the local one), which converting it before
# taking the day fixes, though the request names no zone. In one sentence, a date one day off (a word of dates, then
# within three words "one day off", "a day off", "1 day off") or a weekday shown on the weekday next to it (a weekday,
# then "show(s) up on", "shows as", "lands on", "appears on", "falls on" the day before or after); and in the request a
# time near midnight ("night", "evening", "morning", "midnight", "overnight", an hour from 20:00 to 05:59: "after
# 23:00", "10pm", "3am"). It reads the word "timezone", as hours off do. Not "I took a day off on monday morning" (no
# date is off), "the monday morning meeting shows up on my calendar twice" (one weekday), "the friday night deploy
# shows up on monday's report" (no day next to it), "the night shift on friday counts as saturday" (a rule, no day
# shown), "the standup moved from
# monday to tuesday morning" (a move, no day shown wrong), nor a day moved for a reason told ("the payroll date is a
# day off this month because of the bank holiday, pay the night staff early").
_DATES = frozenset("date dates day days timestamp timestamps".split())
_ONE = frozenset("one a 1".split())
_WEEK = "monday tuesday wednesday thursday friday saturday sunday".split()
_WEEKDAYS = frozenset(_WEEK + [day + "s" for day in _WEEK])
_SHOWN_ON = frozenset("show shows showed shown showing appear appears appeared land lands landed fall falls fell".split())
_NEAR_MIDNIGHT = frozenset("night nights midnight evening evenings morning mornings overnight".split())
_LINKS = frozenset("is are was were come comes came out show shows showed".split())
_NOT_ROWS = frozenset("and so then it they that which to at and but or".split())
DAY_OFF = "timezone"  # the word a request gets for it (see select.query_terms)


def _day_wrong(words: list[str]) -> bool:
    """Whether one sentence's words tell of a date one day off or a weekday shown on another (see above)."""
    for k in range(len(words) - 2):
        if words[k] in _ONE and words[k + 1] == "day" and words[k + 2] == "off":
            j = k - 1  # the dates are what is off: "the date is one day off", "dates come out a day off" (check50 C50-8:
            while j >= 0 and words[j] in _LINKS:  # not "4 days, then one day off", a day off work)
                j -= 1
            if j >= 0 and words[j] in _DATES:
                return True
    for i, w in enumerate(words):
        if w not in _WEEKDAYS:
            continue
        # the weekday names the very rows shown on another day: weekday, a time of day or none, their noun, the verb
        # ("friday evening bookings show up on saturday"); not a plan told around them ("the backup on sunday night so
        # the report shows on monday", "payments sent saturday night land on sunday": check50 C50-8)
        k = i + 1 + (i + 1 < len(words) and words[i + 1] == "s")  # "friday's bookings"
        k += k < len(words) and words[k] in _NEAR_MIDNIGHT
        for j in range(k + 1, min(k + 3, len(words))):
            if words[j] in _SHOWN_ON and all(x.isalpha() and x not in _NOT_ROWS for x in words[k:j]):
                rest = words[j + 1:j + 4]
                if any(x in ("on", "as") for x in rest) and any(x in _WEEKDAYS and _next_to(w, x)
                                                               for x in words[j + 1:j + 5]):
                    return True
    return False


def _next_to(day: str, other: str) -> bool:
    """Whether two weekdays ("monday", "sundays") are a day apart: a zone moves a time by one day, not three."""
    a, b = _WEEK.index(day.removesuffix("s")), _WEEK.index(other.removesuffix("s"))
    return (a - b) % 7 in (1, 6)


def _near_midnight(text: str, words: list[str]) -> bool:
    """Whether a request tells of a time near midnight: a word of night or morning, or an hour from 20:00 to 05:59."""
    if not _NEAR_MIDNIGHT.isdisjoint(words):
        return True
    low = text.lower()
    for i, ch in enumerate(low):
        if _digit(ch) and (i == 0 or not (low[i - 1].isalnum() or low[i - 1] in ":./")):
            hour, end = _clock(low, i)  # "23:00", "10pm", "3 am"; not a bare number ("3 rows")
            if hour is not None and (low[end - 2:end] in ("am", "pm") or ":" in low[i:end]) \
                    and (hour >= 20 or hour < 6):
                return True
    return False


def day_off(text: str) -> bool:
    """Whether a request tells of a date one day off for what happens near midnight (see above)."""
    words = _plain_words(text)
    have = set(words)
    if "off" not in have and _WEEKDAYS.isdisjoint(have):
        return False
    if not _near_midnight(text, words) or "because" in have or ("due" in have and "to" in have):
        return False
    return any(_day_wrong(said) for _, said in _sentences(text))


# --- a time shown an hour off since the clocks changed -------------------------------------------------------------
# "since the clocks went back on sunday the reminder says 18:30 for the 19:30 show", "after the clocks went forward
# the app shows 09:15 for the 08:15 train": a time of day shown one hour off since a clock change is a datetime kept
# without its time zone (the summer offset stored or added by hand), which timezone-aware datetimes fix, though the
# request names no zone. Three things together: the clock change as the start of the trouble ("since", "after", "ever
# since", "now that" or "when" at most three words before "clocks", then "went", "changed", "moved", "sprang", "fell",
# "switched", or "have/had gone|changed|moved|switched|sprung", and no "to", "into", "onto" a word or two after:
# "the clocks went back to the shop" is no clock change); what software shows, told as it goes on: a word of a message
# or a screen (:data:`_SHOWN_BY`: "SMS", "email", "app", "page", "invite", "confirmation", "reminder"...) at most three
# words before a verb of showing in the present ("says", "shows", "displays", "reads", "prints", "lists", "sends",
# "announces"; no "should", "must", "will" before it) right before a clock time ("at", "it's" or "the" between at most:
# "18:30", "6:30pm", "6pm"); and after it ("for", "for the", "instead of", "not", "rather than", "but" between) a second
# clock time exactly one hour from the first, with no "as" or "per" in the three words after it. It reads the word
# "timezone", as "3 hours off" does. Not a clock change that plans something ("the clocks go back on sunday, plan the
# rota": no change as the start of trouble), a time moved on it ("since the clocks went back the doors open at 18:30
# for the 19:30 show": no verb of showing), a time a person or a body gave (check51 C51-2: "the teacher announced 15:00
# instead of 16:00 for the exam", "the gym lists 6am rather than 7am", "the payroll email said 16:00": no software
# showing it now), what a message should say ("the sms should say 18:30 for the 19:30 show"), a time given as another
# thing ("... for the 19:30 session as arrival time", "per the new contract"), nor one said as expected or with its
# reason ("... shows 07:00 for the 06:00 sunrise, that's expected", "because", "on purpose").
_SINCE = frozenset("since after when".split())
_CLOCKS = frozenset(("clocks",))
_PLACES = frozenset("to into onto".split())
_CHANGED = frozenset("went changed moved sprang fell switched".split())
_HAVE = frozenset("have had has".split())
_CHANGED_PART = frozenset("gone changed moved switched sprung".split())
_SHOWING = frozenset("says shows displays reads prints lists sends announces".split())
_SHOWN_BY = frozenset("sms text texts message messages email emails mail app apps page pages site website invite "
                      "invites invitation invitations confirmation confirmations reminder reminders notification notifications "
                      "push screen screens ticket tickets receipt receipts calendar widget dashboard report kiosk "
                      "display ui export feed api banner label pdf ics bot alert alerts".split())
_MUST = frozenset("should must will would could can".split())
_GIVEN_AS = frozenset("as per".split())
_BEFORE_TIME = frozenset("at it s its the".split())
_THEN_TIME = (("for",), ("for", "the"), ("for", "a"), ("for", "its"), ("for", "our"), ("for", "their"),
              ("instead", "of"), ("instead", "of", "the"), ("not",), ("not", "the"), ("rather", "than"),
              ("rather", "than", "the"), ("but",), ("but", "it", "s"), ("but", "the"))
_AS_MEANT = frozenset("because expected intended deliberate deliberately purpose design correct correctly planned "
                      "fine".split())
CLOCK_CHANGE = "timezone"  # the word a request gets for it (see select.query_terms)


def _clock_tokens(text: str) -> list[str | int]:
    """``text``'s words, lower case, a clock time ("18:30", "6:30 pm", "6pm") as its minutes past midnight."""
    low = text[:4000].lower()
    out: list[str | int] = []
    n, i = len(low), 0
    while i < n:
        ch = low[i]
        if not ch.isalnum():
            i += 1
            continue
        j = i
        while j < n and low[j].isalnum():
            j += 1
        word = low[i:j]
        minutes = None
        if word.isdigit() and len(word) <= 2 and j + 2 < n and low[j] in ":." and low[j + 1:j + 3].isdigit() \
                and (j + 3 == n or not low[j + 3].isdigit()):
            hour, minute, j = int(word), int(low[j + 1:j + 3]), j + 3
            minutes = hour * 60 + minute if hour < 24 and minute < 60 else None
            word = low[i:j]
        suffix, digits = "", word
        if word[-2:] in ("am", "pm") and word[:-2].isdigit() and len(word) <= 4:
            suffix, digits = word[-2:], word[:-2]  # "6pm"
        elif minutes is not None or word.isdigit() and len(word) <= 2:
            k = j + 1 if j < n and low[j] == " " else j  # "6:30pm", "6:30 pm", "6 pm"
            if low[k:k + 2] in ("am", "pm") and (k + 2 == n or not low[k + 2].isalnum()):
                suffix, j = low[k:k + 2], k + 2
        if suffix:
            hour = minutes // 60 if minutes is not None else int(digits)
            minute = minutes % 60 if minutes is not None else 0
            minutes = (hour % 12 + (12 if suffix == "pm" else 0)) * 60 + minute if 1 <= hour <= 12 else None
        out.append(minutes if minutes is not None else word)
        i = j
    return out


def _clocks_changed(words: list[str]) -> bool:
    """Whether the words tell of a clock change as the start of something ("since the clocks went back")."""
    for i, w in enumerate(words):
        if w not in _CLOCKS or not _SINCE.intersection(words[max(0, i - 3):i]) and "now that" not in " ".join(
                words[max(0, i - 4):i]):
            continue
        k = i + 1 + (i + 1 < len(words) and words[i + 1] in _HAVE)  # "the clocks have gone back"
        if k < len(words) and words[k] in (_CHANGED_PART if k > i + 1 else _CHANGED) \
                and not _PLACES.intersection(words[k + 1:k + 3]):  # not "the clocks went back to the shop"
            return True
    return False


def clock_change(text: str) -> bool:
    """Whether a request tells of a time shown an hour off since the clocks changed (see above)."""
    low = text.lower()
    if "clock" not in low or ":" not in low and "am" not in low and "pm" not in low:
        return False
    words = _plain_words(text)
    if not _AS_MEANT.isdisjoint(words) or "due" in words and "to" in words or not _clocks_changed(words):
        return False
    tokens = _clock_tokens(text)
    for i, first in enumerate(tokens):
        if not isinstance(first, int):
            continue
        k = i - 1
        while k >= 0 and i - k <= 3 and tokens[k] in _BEFORE_TIME:
            k -= 1
        if k < 0 or tokens[k] not in _SHOWING or not _SHOWN_BY.intersection(tokens[max(0, k - 3):k]) \
                or not _MUST.isdisjoint(tokens[max(0, k - 3):k]):
            continue  # "the reminder SMS says 18:30"; not "the teacher announced 15:00", "the sms should say"
        for link in _THEN_TIME:
            j = i + 1 + len(link)
            if tuple(tokens[i + 1:j]) == link and j < len(tokens) and isinstance(tokens[j], int) \
                    and abs(tokens[j] - first) in (60, 1380) and not _GIVEN_AS.intersection(tokens[j + 1:j + 4]):
                return True
    return False


# --- a change shown to a share of the people at first, with a way back ----------------------------------------------
# "offer a bath and nail trim at checkout, only for 10% of owners at first so we can switch it off": a change shown to
# a share of the people while it is tried, that the team wants to be able to take back, is a staged rollout behind a
# feature flag, though the request names neither flag nor toggle. Three things together: a feature put in front of a
# share of people (in one sentence, a verb of showing a feature, "offer", "show", "enable", "launch", "ship",
# "release", "expose", "display", "add", "open", then "for" or "to" at most three words before "10%", "25 percent",
# then "of" and, at most two words on, a word of people: users, customers, owners, accounts, members, players,
# visitors, shoppers, traffic...; check51 C51-4: not what people send or give to a share of people, "email the
# discount to 10% of customers at first", "give the 4-day week to 10% of staff at first"); a stage ("at first" with no noun
# after it, "initially", "to start with", "to begin with", "for now", "gradually"); and a way back said as something
# to be able to do, by the team ("we" or "us" at most six words before; "can", "could", "to", "should", "must", "will"
# right before, or with one word between, "switch", "turn", "shut", "roll" or "dial", then "off" or "back" at most two
# words on: "so we can switch it off", "lets us roll it back"; check51 C51-4b: not a third party's, "so facilities can
# shut it off", "so hr can roll it back"). It reads the words "feature flag". Not a share of something that is no people ("train on 10% of the data
# at first so we can turn it off"), a share told as a figure ("only 10% of users open the digest at first"), a switch
# with no stage ("managers can switch it off per person"), a stage with no way back ("to 10% of the nurses at first,
# then the whole ward"), a way back that was taken or cannot be ("had to switch it off", "cannot turn it off"), nor
# one said on purpose (:data:`_AS_MEANT`: "by design").
_SHARE_OF = frozenset("users owners customers accounts people members players visitors tenants shoppers clients "
                      "patients subscribers drivers riders guests buyers sellers merchants hosts patrons readers "
                      "viewers fans traffic employees staff".split())
_TO_WHOM = frozenset("for to".split())
_FEATURE_SHOWN = frozenset("offer offers show shows enable enables launch launches ship ships release releases expose "
                           "exposes display displays add adds open opens".split())
_AFTER_FIRST = frozenset("so and then to but with for only while before until we they it is are was the if".split())
_MODAL = frozenset("can could to should must will".split())
_US = frozenset("we us".split())
_UNDO = frozenset("switch turn shut roll dial".split())
STAGED_ROLLOUT = "feature flag"  # the words a request gets for it (see select.query_terms)


def _share_of_people(words: list[str]) -> bool:
    """Whether the words tell of a feature put in front of a share of people ("offer ... only for 10 percent of
    owners", see above)."""
    for i, w in enumerate(words):
        if w == "percent" and i and words[i - 1].isdigit() and _TO_WHOM.intersection(words[max(0, i - 4):i - 1]) \
                and words[i + 1:i + 2] == ["of"] and _SHARE_OF.intersection(words[i + 2:i + 5]) \
                and _FEATURE_SHOWN.intersection(words[:i]):
            return True
    return False


def _stage(words: list[str]) -> bool:
    """Whether the words tell of a first stage ("at first", "initially", "to start with", see above)."""
    for i, w in enumerate(words):
        if w == "first" and i and words[i - 1] == "at" and (i + 1 == len(words) or words[i + 1] in _AFTER_FIRST):
            return True
        if w in ("initially", "gradually") or w in ("start", "begin") and words[i - 1:i] == ["to"] \
                and words[i + 1:i + 2] == ["with"] or w == "now" and words[i - 1:i] == ["for"]:
            return True
    return False


def _way_back(words: list[str]) -> bool:
    """Whether the words tell of a change the team wants to be able to take back ("so we can switch it off")."""
    for i, w in enumerate(words):
        if w in _UNDO and ("off" in words[i + 1:i + 4] or "back" in words[i + 1:i + 4]) \
                and _US.intersection(words[max(0, i - 6):i]) \
                and (words[i - 1:i] and words[i - 1] in _MODAL
                     or i > 1 and words[i - 2] in _MODAL and words[i - 1] not in ("not", "t", "never")):
            if not (i > 1 and words[i - 2:i] == ["had", "to"] or i > 2 and words[i - 3:i - 1] == ["had", "to"]):
                return True
    return False


def staged_rollout(text: str) -> bool:
    """Whether a request tells of a change shown to a share of people at first, with a way back (see above)."""
    low = text[:4000].lower()
    if "%" not in low and "percent" not in low and "per cent" not in low:
        return False
    words = _split_words(low.replace("%", " percent ").replace("per cent", "percent"))
    if not _AS_MEANT.isdisjoint(words):
        return False
    return any(_share_of_people(said) for _, said in _sentences(low.replace("%", " percent ").replace(
        "per cent", "percent"))) and _stage(words) and _way_back(words)


# --- packages named bare and moved to latest ------------------------------------------------------------------------
# "while you're in there bump fastapi and sqlalchemy to latest too", "upgrade react and vite to the latest version": a
# few names said bare (no "the", "my", "it": a package is named, not a thing of ours) moved "to latest" is a dependency
# bump, though the request names no dependency, package or version. A verb of bumping ("bump", "upgrade", "update"),
# one to six words after it that are names or "and" (none an article, a possessive or a pronoun), then "to latest"
# with nothing named after it (the end, "too", "as well", "and", "please", ...) or "to the latest version(s)/
# release(s)"; the names no plural noun ("update gpu drivers to latest", "bump submodules to latest": things of ours),
# and the request naming a manifest of dependencies ("pyproject", "requirements", "package.json", "Gemfile",
# "Cargo.toml", "go.mod"...: where the packages are). It reads the word "dependency". Not "bump the sensor firmware to
# latest", "update it to latest", "update dashboards to latest numbers" (the latest of something named after it), "pull
# to latest" (no bump), "update your branch to the latest main", nor check51's C51-3 ("upgrade servers to latest",
# "update readme and changelog to latest": no manifest named, plural nouns).
_BUMP = frozenset("bump bumps bumping upgrade upgrades upgrading update updates updating".split())
_NOT_NAMES = frozenset("the a an my your our their his her its it them this that these those all every everything "
                       "everyone".split())
_AFTER_LATEST = frozenset("too also as and please while if so then before after when now".split())
_VERSIONS = frozenset("version versions release releases".split())
_MANIFESTS = ("pyproject", "requirements", "package.json", "gemfile", "cargo.toml", "go.mod", "pipfile", "pom.xml",
              "build.gradle", "composer.json", "setup.py", "setup.cfg")
BUMP_LATEST = "dependency"  # the word a request gets for it (see select.query_terms)


# The same bump told as a release (deliver52: blind50's follow-up miss b50-29, "pydantic 2.10 is out, bump it while ur
# in pyproject?"): a name said bare and a dotted version just out ("is out", "was released", "just came out"), then in
# the same clause "bump"/"upgrade" it (not negated) and right after it "in" a manifest file ("in requirements.txt",
# "while ur in pyproject", "in the Gemfile"; check51 C51-7: not "upgrade it on the runners", "in ci", nor the word
# "requirements" of a doc or a page). Not a version of ours ("our
# sdk 2.10 is out", "version 3.1 is out", "release 4.2", "chapter 2.3", "the cli 1.4"), nor "update" (an ordinary verb:
# "ios 18.2 is out, update it on the test phones"), nor a manifest in another clause ("...; requirements.txt
# unchanged"), nor "don't bump it".
_NOT_PACKAGES = frozenset("version release chapter section season episode sprint phase edition issue volume patch build "
                          "draft update app model dataset report plan policy spec doc docs guide handbook firmware "
                          "course level map game tier price".split())
_OUT = frozenset("out released dropped shipped".split())
_OUT_VERBS = frozenset("is was just came got has been".split())
_NEGATED = frozenset("don't dont not never no without won't cannot can't".split())


def _dotted_version(token: str) -> bool:
    parts = token.removeprefix("v").split(".")
    return len(parts) >= 2 and all(part.isdigit() for part in parts)


def _released_bump(sentence: str) -> bool:
    """Whether a clause tells of a package's version just out and asks to bump it in a manifest (see above)."""
    words = [w.strip(",:()'\"!?") for w in sentence.lower().split()]
    for i in range(1, len(words) - 2):
        name = words[i - 1]
        if not _dotted_version(words[i]) or not name[:1].isalpha() or name in _NOT_PACKAGES \
                or name in _NOT_NAMES or i >= 2 and words[i - 2] in _NOT_NAMES:
            continue
        k = i + 1
        while k < min(i + 4, len(words)) and words[k] in _OUT_VERBS:
            k += 1
        if k == i + 1 or k >= len(words) or words[k] not in _OUT:
            continue
        for j in range(k + 1, len(words) - 1):
            if words[j] in ("bump", "upgrade") and words[j + 1] in ("it", "them", name) \
                    and _NEGATED.isdisjoint(words[max(k + 1, j - 3):j]) and _in_manifest(words[j + 2:j + 8]):
                return True
    return False


_WHILE_IN = frozenset("while you're youre ur you are u also too please pls".split())


def _in_manifest(words: list[str]) -> bool:
    """Whether the words right after "bump it" put it in a manifest file: "in requirements.txt", "while ur in
    pyproject", "in the Gemfile" (not "in ci", "on the runners", nor the word "requirements" of a doc or a page)."""
    i = 0
    while i < len(words) and words[i] in _WHILE_IN:
        i += 1
    if i >= len(words) or words[i] != "in":
        return False
    rest = words[i + 1:i + 3]
    if rest[:1] in (["the"], ["our"], ["your"]):
        rest = rest[1:]
    word = rest[0] if rest else ""
    return any(word.startswith(m) for m in _MANIFESTS) and (not word.startswith("requirements") or "." in word)


def bump_latest(text: str) -> bool:
    """Whether a request asks for packages named bare moved to latest, or a package's version just out bumped in a
    manifest (see above)."""
    low = text[:4000].lower()
    latest = "latest" in low
    if not latest and not any(out in low for out in _OUT) or not any(m in low for m in _MANIFESTS) \
            or not _AS_MEANT.isdisjoint(_plain_words(text)):
        return False  # not "bump cuda to latest; requirements.txt pins torch on purpose"
    if not latest:
        return any(_released_bump(sentence) for sentence, _ in _sentences(text[:4000]))
    for _, words in _sentences(text):
        for i, w in enumerate(words):
            if w not in _BUMP:
                continue
            for k in range(i + 2, min(i + 8, len(words))):
                if words[k] != "to":
                    continue
                named = words[i + 1:k]
                if not named or not _NOT_NAMES.isdisjoint(named) or named[0] == "and" \
                        or any(n.endswith("s") and not n.endswith("ss") for n in named):
                    break  # "update gpu drivers to latest": things of ours, no package's name
                rest = words[k + 1:k + 4]
                if rest[:1] == ["latest"] and (len(rest) == 1 or rest[1] in _AFTER_LATEST) \
                        or rest[:2] == ["the", "latest"] and rest[2:] and rest[2] in _VERSIONS:
                    return True
                break
    return False


# The request shapes a request's words are read for, in the order their words join the request's search words
# (select.query_terms): each detector above and the words a request of that shape gets.
REQUEST_SHAPES = (
    (hundredfold, HUNDREDFOLD),  # "says 1999 where the plan costs 19.99": cents shown as the whole unit
    (raw_timestamp, RAW_TIMESTAMP),  # "shows the day as 2026-03-04T23:00:00.000Z": a date nobody formatted
    (failure_shown, ERROR_MESSAGE),  # "the import just says 'Invalid file'": an error message people see
    (lingering, LINGERING),  # "still polls after you navigate away": the cleanup of a screen's effects
    (each_period, EACH_PERIOD),  # "one row per subscription per day": the days come from a calendar
    (shifted_hours, SHIFTED_HOURS),  # "the morning rush at 5 not 7": a time zone gone wrong
    (hours_off, SHIFTED_HOURS),  # "order times 1h off", "fire exactly 1h early": the same, hours written short
    (broken_url, BROKEN_URL),  # "the map link opens /carparks/undefined": a URL built by hand
    (timing_leak, TIMING_LEAK),  # "answers sooner when the first digits are wrong": a timing attack
    (full_rebuild, FULL_REBUILD),  # "rebuilds the whole table every hour": an incremental model
    (late_update, LATE_UPDATE),  # "whenever an order changed after it first landed": updated_at
    (empty_before, NULL_COMPARISON),  # "missed every machine whose previous price was empty": a null compared
    (none_to_divide, DIVIDE_BY_ZERO),  # "the per-household model falls over on lots with no residents"
    (one_fails, SIBLINGS),  # "one lookup fails but the other 30 keep running": a task group
    (day_month, PARSE_DATE),  # "booked 03/07 meaning the seventh of March, down for the third of July": locale
    (per_letter, PER_LETTER),  # "the API logs show a hit for every letter" typed: a debounced input
    (files_gone, EPHEMERAL),  # "the signed forms go away when the pod restarts": object storage
    (split_day, SPLIT_DAY),  # "one says 2026-08-14 00:00:00 and the other 2026-08-14": a daily grain
    (float_digits, FLOAT_MONEY),  # "149.99999 kr", "1.5e+02 kr": money in a float
    (stale_until_restart, STALE_CACHE),  # "still shows the old hours, a pod restart fixes it": a cache with no TTL
    (round_rows, ROUND_ROWS),  # "fct_sessions only has 100 rows in prod": a limit left in
    (day_off, DAY_OFF),  # "the sailing date one day off, only for the late night departures": a time zone
    (clock_change, CLOCK_CHANGE),  # "since the clocks went back the SMS says 18:30 for the 19:30 show": a time zone
    (staged_rollout, STAGED_ROLLOUT),  # "only for 10% of owners at first so we can switch it off": a feature flag
    (bump_latest, BUMP_LATEST),  # "bump fastapi and sqlalchemy to latest too": a dependency bump
)
