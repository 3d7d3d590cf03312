"""Phone numbers: a person's number is personal data, so it reaches no file and no model as typed.

Precision first: ids, versions, dates, times, ports, amounts, line numbers and hashes are digits too, so a number is
taken only in the forms that say they are a phone number. `[REDACTED:phone]` replaces

- an international number: `+`, a country code, then 8 to 15 digits in all, in groups (`+44 20 7946 0958`,
  `+1 (415) 555-0132`, `+44 (0)20 7946 0958`, `+49-30-1234567`, `+1.415.555.0132`), or 10 to 15 digits in one run
  (`+14155550132`);
- a North American number with its area code in parentheses, or written with dashes or dots (`(415) 555-0132`,
  `415-555-0132`, `415.555.0132`, `1-415-555-0132`): the area code and the exchange start with 2-9, as the
  numbering plan has them;
- any number written right after words that name a phone: `call me at 020 7946 0958`, `text me on 07700 900123`,
  `my number is 0612345678`, `phone: 555-0100`, `Tel.: 030/1234567`, `tel:4155550132`, `mobile no. 0612 345 678`,
  `dial 0800 123 4567`, `WhatsApp 0170 1234567`, `Telefon`, `téléphone`, `teléfono`, `telefone`, `телефон`,
  `电话`, `電話`, `전화`, `携帯`: 7 to 15 digits, in groups or not.

Left as they are: digits that go on from a word, a path, a version, an expression or another number (`v1.415.555`,
`id-415-555-0132`, `#4155550132`, `1e+12345678`, `x_4155550132`), a date or a time even after a phone word (`tel:
2024-01-15`, `call me at 10:30`), an amount (`+1,234,567.89`, `+12.345.678`, `+1 234 567 890`, a figure beside a
currency or `%`), a diff's `+12,7` hunk, a timezone (`+05:30`), a run like `+1000000000`, "call 10000000 times"
(a verb names a phone only with whom: "call me at"), "the order number is 12345678" (only a phone's number or
someone's: "my number is"), and numbers with fewer digits than a phone has. Each candidate is a run of at least 7
digits found by one scan; the patterns are anchored there and bounded, so the time stays linear.
"""

from __future__ import annotations

import re
from typing import Iterator

LABEL = "phone"

_SEP = " \u00a0-./"
# A run of 7 or more digits, with the separators and parentheses a phone number is written with: where to look (it
# starts at a digit, so the engine skips to one; a `+` or `(` before it is looked at apart).
_RUN = re.compile(r"\d(?:[ \u00a0\-./()]{0,3}\d){6,60}")
# After a number: not going on as a word, a decimal, a time, a range, a unit or an amount.
_AFTER = r"(?![\w\-+/%€$£¥@]|[.,:]\d|[ \u00a0]?(?:%|€|\$|£|¥|(?:USD|EUR|GBP|JPY|CHF|INR|RUB|BRL|CNY)\b))"
_INTERNATIONAL = re.compile(
    r"\+(?P<body>[1-9]\d{0,2}(?:(?:[ \u00a0]?\(0\))?(?:[ \u00a0\-.]?\(\d{1,4}\)|[ \u00a0\-.]?\d{1,6})){0,7})" + _AFTER)
_NANP = re.compile(
    r"(?:1[\-. ])?(?:\([2-9]\d{2}\)[ \u00a0]?[2-9]\d{2}[\-. \u00a0]|(?P<area>[2-9]\d{2})(?P<sep>[\-.])[2-9]\d{2}(?P=sep))"
    r"\d{4}" + _AFTER)
_CUED = re.compile(
    r"(?:\+?\d{1,6}|\(\d{1,5}\))(?:(?:[ \u00a0]?\(0\))?(?:[ \u00a0\-./]?\(\d{1,5}\)|[ \u00a0\-./]?\d{1,6})){0,7}"
    + _AFTER)
# Words that name a phone, ending right where a run starts ("call me at ", "my number is ", "Tel.: ", "电话：").
_CUE_END = re.compile(
    r"(?i)(?<![\w-])(?:"
    r"(?:call|ring|text|sms|whatsapp|reach|contact|phone|message)[ \t]+(?:me|us|him|her|them)(?:[ \t]+(?:at|on))?"
    r"|dial"
    r"|(?:(?:my|his|her|our|their|your|the)[ \t]+)?(?:(?:phone|mobile|cell|cellphone|telephone|tel|contact|home|work|"
    r"office)[ \t]+(?:number|no\.?|nr\.?|#)|phone|mobile|telephone)(?:[ \t]+(?:is|was))?"
    r"|(?:my|his|her|our|their|your)[ \t]+number(?:[ \t]+(?:is|was))?"
    r"|cell|cellphone|tel\.?|ph\.?|mob\.?|fax|whatsapp|telefon|t[ée]l[ée]phone|tel[ée]fono|telefone|телефон|тел\.?"
    r")[ \t]*[:=#]?[ \t]*\Z"
    r"|(?:电话|電話|전화|携帯)(?:号码|番号|번호)?[ \t]*[:：是は는]?[ \t]*\Z")
_DATE = re.compile(r"\d{4}[\-./]\d{1,2}[\-./]\d{1,2}|\d{1,2}[\-./]\d{1,2}[\-./]\d{2,4}")
# What may stand right before an international or North American number (a cue's own words are checked apart).
_NOT_BEFORE = frozenset("+-.,/\\#@$%&*^~|)]}_")


def _digits(text: str) -> int:
    return sum(char.isdigit() for char in text)


def _an_amount(body: str) -> bool:
    """`12.345.678`, `1 234 567 890`: after the first, every group of three digits, with one separator that is no dash."""
    seps = {char for char in body if char in _SEP}
    groups = re.split(r"[ \u00a0.]", body)
    return len(seps) == 1 and "-" not in seps and len(groups) > 2 and all(
        len(group) == 3 and group.isdigit() for group in groups[1:])


def _international(text: str, start: int) -> int:
    m = _INTERNATIONAL.match(text, start)
    if m is None:
        return -1
    body = m.group("body")
    digits = _digits(body.replace("(0)", ""))
    if body.isdigit():  # one run: `+14155550132`, not `+100000000`
        return m.end() if 10 <= digits <= 15 and not body.endswith("0000") else -1
    return m.end() if 8 <= digits <= 15 and not _an_amount(body) else -1


def _cued(text: str, start: int) -> int:
    if _CUE_END.search(text, max(0, start - 40), start) is None:
        return -1
    m = _CUED.match(text, start)
    if m is None:
        return -1
    value = m.group(0)
    return m.end() if 7 <= _digits(value) <= 15 and not _DATE.fullmatch(value) else -1


def find(text: str) -> Iterator[tuple[int, int]]:
    """The (start, end) of every phone number in ``text`` (see the module's docstring), in order, not overlapping."""
    end = 0
    for run in _RUN.finditer(text):
        # where a number may start in the run: its start and each group after a space ("room 12 415-555-0132")
        first = run.start()
        if first and text[first - 1] in "+(":  # `+44 …`, `(415) …`
            first -= 1
        starts = [first] + [i for i in range(run.start() + 1, run.end())
                            if text[i - 1] in " \u00a0" and text[i] not in " \u00a0"]
        for start in starts:
            if start < end:
                continue
            stop = _at(text, start)
            if stop > start:
                yield start, stop
                end = stop


def _at(text: str, start: int) -> int:
    """Where a phone number starting at ``start`` ends, or -1."""
    before = text[start - 1] if start else ""
    word_before = before.isalnum() or before == "_"
    if not word_before and before not in _NOT_BEFORE:
        if text[start] == "+":
            stop = _international(text, start)
            if stop > 0:
                return stop
        elif (m := _NANP.match(text, start)) is not None:
            return m.end()
    if not word_before or not before.isascii():  # "电话是13800138000": the cue's last character is a word's
        return _cued(text, start)
    return -1
