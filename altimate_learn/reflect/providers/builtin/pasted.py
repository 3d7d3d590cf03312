"""What in a person's message was pasted rather than said: code, terminal sessions, logs and stack traces, diffs,
file contents (JSON, config) and quoted text. A lesson's rule comes from the person's own prose only: a line of the
agent's code pasted under "the decodes aren't working" ("        return safe_decode(x)") reads like an imperative,
and an English sentence inside a pasted JSON file or log line reads like a rule, but neither is something the
person asked for.

Lines are judged by their syntax shape, in any programming language, never by the words of one project: a
statement led by a keyword (``def``, ``const``, ``import``, ``SELECT``), a call or an assignment standing alone, a
line ending in ``{`` or ``;``, a closing brace, a comment marker, a shell prompt, a diff marker, a log prefix
(a level, a time stamp, a container name). Blocks are followed too: the lines indented under a pasted line, the
inside of an opened brace or bracket, everything after a shell prompt up to a blank line (the command's output), a
diff hunk, a Python traceback. Weak shapes (a call, an assignment, ``return x``) count only when the line does not
read as English (few function words such as "the", "should", "never"), so "use ref() instead of hardcoding the
table" stays prose.
"""

from __future__ import annotations

import re

_FENCE_BLOCK = re.compile(r"```.*?(?:```|\Z)|^[ \t]*~~~.*?(?:~~~|\Z)", re.S | re.M)

# Pasted output recognised by its first characters: quoted text, prompts, tracebacks, log levels, time stamps,
# test runners, compiler and linter diagnostics, git output, SQL statements, browser stacks.
_OUTPUT = re.compile(r"^\s*(?:>|\$ |#\s|Traceback|File \"|at\s+[\w.$<>]+\(|\d{4}-\d{2}-\d{2}[T ]\d|"
                     r"\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL)\b|E\s{2,}|[\w.]*(?:Error|Exception):|"
                     r"(?:FAILED|PASSED|FAIL|PASS)\s|(?:ok|not ok)\s+\d|[\w./-]+\.\w+:\d+|.*::test_|.*\bAssertionError\b|"
                     r"\s*\d+ (?:passed|failed|errors?)\b|npm ERR!|error\[?\w*\]?:|panic:|goroutine \d|\[signal |"
                     r"\s+/\S+:\d+|\s+[\w./-]+\.go:\d+|PS\s+[A-Z]:\\|[A-Z]:\\\S*>|(?:create|delete|rename)\s+mode\s+\d{6}|"
                     r"\d+\s+files?\s+changed|\[[\w/.-]+\s+[0-9a-f]{7}\]|\[?\{\s*\"|"
                     r"(?:CREATE|GRANT|INSERT|UPDATE|DELETE|SELECT|ALTER|DROP)\s+[A-Z]{2,}|"
                     # a browser console's stack: "loadVideos @ main.js:287", "await in loadVideos", "(anonymous)",
                     # "<AuthPage>"; a caret or tilde line under a traceback's code
                     r".*\S\s+@\s+\S+:\d+|await\s+in\s|\(anonymous\)|<[A-Za-z][\w.]*>\s*$|[\^~]{3,}\s*$|"
                     # a program's own diagnostic: "grep: warning: GREP_OPTIONS is deprecated; please use an alias or
                     # script", "gcc: error: …", "zsh: command not found: fzf"
                     r"[\w.+-]+:\s+(?:warning|error|fatal|note|command\s+not\s+found):|"
                     # a level in brackets or before a colon, any case: "[warn] …", "warning: …", "npm warn …"
                     r"(?i:\[(?:error|err|warn|warning|info|debug|trace|fatal|notice|critical|verbose|success|log)\]|"
                     r"(?-i:(?:warn(?:ing)?|info|debug|trace|fatal|notice|critical|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL|NOTICE|CRITICAL|"
                     r"Warning)\s*:)|"
                     r"(?:npm|pnpm|yarn|pip|bun)\s+(?:warn|notice|err!?|error|info|verb)\b)|hint:\s|"
                     # time stamps: "10:42:17 …", "[12:01:33] …", "2026/12/02 …", "Dec 02 10:42:17 host …", glog "I1202 …"
                     r"\[?\d{1,2}:\d{2}:\d{2}|\[\d{4}[-/]\d{2}|\d{4}/\d{2}/\d{2}\s|[A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}|"
                     r"[IWEF]\d{4}\s+\d{2}:\d{2}|"
                     # Node's own warnings "(node:1234) …", a container's prefix "web-1  | …", logfmt "level=warn msg=…"
                     r"\(node:\d+\)|[\w.-]+\s+\|\s|\w+=\S+\s+\w+=|"
                     # a JavaScript stack frame "at Object.<anonymous> (/app/index.js:12:5)"; a compiler's code frame
                     # "12 |   x = 1", "  |   ^^^", "--> src/main.rs:3:5", "src/app.ts(12,5): error …"
                     r"at\s+.*[(\s](?:\S*\.\w+|node:\S+):\d+(?::\d+)?\)?\s*$|\d+\s*\|\s|\|\s*\^|-->\s*\S+:\d+|[\w./-]+\.\w+\(\d+,\d+\)|"
                     # a runtime's or linter's own advice: "DeprecationWarning: Use …", rustc "help: use …" / "= note:",
                     # "Hint: …", a tool's tag "[vite] …", a glyph "⚠ Use …", a rule code "UP006 Use …", ESLint's
                     # "warning  Use …"
                     r"[A-Z]\w*Warning:\s|=?\s*(?:help|note):\s|(?i:hint):\s|\[(?i:vite|webpack|hmr|wds|nodemon|esbuild|rollup|parcel|babel|tsc|turbo|nx|expo|metro|next|nuxt|astro|storybook)\]\s|[⚠✖✔✓✗●›│×]\s|"
                     r"[A-Z]{1,4}\d{3,4}\s|(?:warning|error)\s{2,}\S|"
                     # a Dockerfile's instructions
                     r"(?:RUN|COPY|ADD|ENTRYPOINT|CMD|WORKDIR|ENV|ARG|EXPOSE|USER|FROM)\s+\S.*$|"
                     # a file's path alone on its line, as editors, linters and CI list them
                     r"[\w.@~-]*(?:[/\\][\w.@-]+)+\.[A-Za-z]\w{0,4}\s*[,;:)]*\s*$)")

# A Python traceback: its frames' indented code lines ("    return _getattr_migration(name)") are pasted output
# too, up to the exception line that ends it.
_TRACE_START = re.compile(r"^\s*(?:Traceback \(most recent call last\)|File \"[^\"]+\", line \d+)")

# A shell prompt: what follows it up to a blank line is the command and its output.
_PROMPT = re.compile(r"^\s*(?:\$|%|❯|λ|>>>|In\s*\[\d+\]:)\s|^\s*(?:\([\w.-]+\)\s+)?[\w.-]+@[\w.-]+(?::\S*)?\s*[$#%]\s|"
                     r"^\s*~[\w./-]*\s*[$#%>]\s|^\s*PS\s+[A-Z]:\\|^\s*[A-Z]:\\[^>\s]*>")

# A diff: its header, then lines that start with "+", "-", " " or a hunk header.
_DIFF_HEAD = re.compile(r"^(?:diff --git\s|index [0-9a-f]{6,}\.\.[0-9a-f]{6,}|(?:---|\+\+\+)\s+(?:a/|b/|/dev/null)|"
                        r"@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@)")

# Statements led by a keyword of some programming or query language.
_STATEMENT = re.compile(
    r"^(?:(?:async\s+)?def\s+\w+\s*\(|class\s+\w+(?:\s*[(:{<]|\s+(?:extends|implements)\s+[\w.]+|\s*$)|"
    r"from\s+[\w.]+\s+import\s+[\w*(]|import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*\s*;?\s*$|"
    r"import\s+(?:.*\bfrom\s+['\"]|['\"]|\{|\*\s+as\s)|export\s+(?:default\s+(?:function|class|async|\(|\{|[\w$.]+\s*;?\s*$)|const|let|var|function|class|async|"
    r"type\s+\w+\s*=|interface\s+\w+|\{|\*)|"
    r"(?:const|let|var)\s+[\w${}\[\], :]+?\s*=|(?:export\s+)?(?:async\s+)?function\*?\s*[\w$]*\s*\(|"
    r"(?:try|else|finally|do)\s*[:{]\s*$|except\b[^:]*:\s*$|(?:elif|if|while)\s+[^:]*[()\[\]=<>!.][^:]*:\s*$|"
    r"for\s+\w+(?:\s*,\s*\w+)*\s+in\s+\S.*:\s*$|with\s+.+\s+as\s+\w+\s*:\s*$|"
    r"(?:if|else\s+if|for|foreach|while|switch|catch)\s*\(.*\)\s*(?:\{\s*|[\w$].*)?$|\}\s*(?:else|catch|finally)\b.*\{\s*$|"
    r"(?:package|namespace)\s+[\w.]+\s*[;{]?\s*$|using\s+[\w.]+\s*;\s*$|#\s*(?:include|define|ifn?def|endif|pragma)\b|"
    r"(?:pub\s+)?(?:fn|func)\s+[\w.]+\s*[(<]|(?:impl|struct|enum|interface|trait)\s+[\w<>]+.*\{\s*$|"
    r"module\.exports\s*=|exports\.\w+\s*=|"
    r"set\s+[-+][a-zA-Z]+\b|(?:export|local|declare|readonly)\s+[A-Za-z_]\w*=|#!\s*/|"
    r"(?://|/\*|\*/|<!--|-->)|"
    r"<\/?[A-Za-z][\w:.-]*(?:\s+[\w:@.-]+(?:=(?:\"[^\"]*\"|'[^']*'|\{[^}]*\}))?)*\s*\/?>|"
    r"@[A-Za-z_][\w.]*(?:\(.*\))?\s*$)")

# SQL, which people paste in upper or lower case.
_SQL = re.compile(
    r"^(?:(?:SELECT|FROM|WHERE|JOIN|LEFT|RIGHT|INNER|OUTER|FULL|CROSS|GROUP\s+BY|ORDER\s+BY|HAVING|LIMIT|OFFSET|UNION|"
    r"VALUES|INSERT\s+INTO|UPDATE|SET|DELETE\s+FROM|WITH|AND|OR|ON|CASE|WHEN|THEN|ELSE|END|RETURNING|USE|CREATE|"
    r"ALTER|DROP|GRANT|BEGIN|COMMIT|QUALIFY|PARTITION\s+BY)\b(?=.*[a-z*,=()<>;.'\"0-9]|\s*$)|"
    r"(?i:select\s+(?:\*|distinct\b|count\s*\(|[\w.]+\s*(?:,|\bfrom\b|\bas\b))|insert\s+into\s|delete\s+from\s|"
    r"update\s+[\w.\"`]+\s+set\s|create\s+(?:or\s+replace\s+)?(?:temp(?:orary)?\s+)?(?:table|view|index|schema|database|"
    r"function|procedure|trigger)\s|alter\s+table\s|drop\s+(?:table|view|index|schema)\s|"
    r"use\s+(?:warehouse|database|schema|role|catalog)\s+\S+\s*;?\s*$|use\s+\w+\s*;\s*$))")

# Shell commands typed without a prompt: a known program with flags, paths, pipes or redirections.
_COMMAND = re.compile(
    r"^(?:sudo\s+)?(?:npm|npx|pnpm|yarn|pip3?|python3?|node|git|docker(?:-compose)?|kubectl|cargo|go|make|curl|wget|cd|ls|"
    r"cat|echo|export|source|brew|apt(?:-get)?|uv|uvx|poetry|bun|deno|java|mvn|gradle|terraform|helm|aws|gcloud|az|ssh|"
    r"scp|chmod|chown|mkdir|rm|cp|mv|tar|grep|rg|find|sed|awk|dotnet|composer|php|ruby|bundle|rails|flutter|dart|"
    r"pytest|ruff|black|mypy|eslint|tsc|conda|systemctl|journalctl|sqlite3|psql|mysql|redis-cli|touch|tail|head)\s+"
    r"(?=.*(?:\s--?[A-Za-z]|\s\S*[/\\]\S*|&&|\|\||\s\|\s|\s>\s|\s>>\s|\s<\s|=\S))")

_ASSIGNMENT = re.compile(
    r"^(?:(?:const|let|var|val|final|auto|local|my|our|int|float|double|bool|boolean|str|string|String|char|long|"
    r"short|unsigned|self\.)\s*)*[A-Za-z_$@][\w$]*(?:(?:\.|->|::)[\w$]+|\[[^\]]*\])*(?:\s*,\s*[A-Za-z_$][\w$.]*)*"
    r"\s*(?::\s*[\w.\[\]<>|, ]+)?\s*(?:[-+*/%|&^]|\*\*|//|\?\?|<<|>>|:)?=(?![=>])\s*(?P<rhs>.*)$")
_ENV = re.compile(r"^[A-Z_][A-Z0-9_]*=\S*(?:\s|$)")
_CALL = re.compile(r"^(?:await\s+|new\s+|return\s+|yield\s+|throw\s+|raise\s+)?[A-Za-z_$][\w$]*"
                   r"(?:(?:\.|->|::|\?\.)[A-Za-z_$][\w$]*|\[[^\]]*\])*\s*(?:<[^>]*>)?\s*\(.*\)\s*[;,)]*\s*$|"
                   r"^\.[A-Za-z_$][\w$]*\s*\(")
_JUMP = re.compile(r"^(?:return|yield|raise|throw|await|del|assert|panic!?)\b\s*(?P<rest>.*)$")
_JSON_KEY = re.compile(r"^[\"'][^\"']*[\"']\s*:\s*(?:[\"'\[{\d-]|true|false|null|$)")
_JSON_ITEM = re.compile(r"^(?:\"[^\"]*\"|'[^']*'|-?\d+(?:\.\d+)?|true|false|null)\s*,\s*$")
_LONE = re.compile(r"^[\[\]{}()<>;,]+\s*$|^[}\])]+[;,)]*\s*$")
_YAML = re.compile(r"^\s+(?:-\s+)?[\w.-]+:(?:\s|$)")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]{4,}")
_BULLET = re.compile(r"^\s*(?:[-*+\u2022]\s|\d+[.)]\s)")

_STRINGS = re.compile(r"\"(?:\\.|[^\"\\])*\"|`[^`]*`")
_PROSE_WORDS = frozenset("""the a an is are was were be been being should must please we you i it's don't doesn't
isn't aren't never always instead because but why what how this that these those my your our there their they
can't won't didn't shouldn't after before every each whenever""".split())


def prose_words(line: str) -> int:
    """How many English function words the line holds outside double-quoted strings, inline code and a trailing
    code comment."""
    bare = re.sub(r"\s(?:#|//|--)\s.*$", "", _STRINGS.sub(" ", line))
    return sum(word in _PROSE_WORDS for word in re.findall(r"[a-z]+(?:'[a-z]+)?", bare.lower()))


def _code_like(rest: str) -> bool:
    """An expression rather than words: one token, or code punctuation and no English."""
    rest = rest.strip().rstrip(";")
    if not rest:
        return True
    if "`" in rest or prose_words(rest) >= 1:
        return False
    return len(rest.split()) == 1 or bool(re.search(r"[()\[\]{}=<>\"'_.]|[a-z][A-Z]", rest))


def code_line(stripped: str) -> bool:
    """One line (its leading space removed) whose shape is code, a command, a statement or a file's contents."""
    s = stripped
    if not s:
        return False
    if _LONE.match(s) or _JSON_ITEM.match(s) or _DIFF_HEAD.match(s):
        return True
    if (_STATEMENT.match(s) or _SQL.match(s)) and prose_words(s) < 2:
        return True  # "from x import y is the wrong import, use z" is a sentence that starts with code
    if _JSON_KEY.match(s) and not re.search(r"\s[a-z]+\s[a-z]+\s", _STRINGS.sub(" ", s)):
        return True
    if s.endswith("{") or re.search(r"(?:\)|\w)\s*=>\s*[{(\w]", s):
        return "`" not in s and prose_words(s) < 2
    if _COMMAND.match(s) and prose_words(s) == 0:
        return True
    if _ENV.match(s) and prose_words(s) == 0:
        return True
    jump = _JUMP.match(s)
    if jump:
        return _code_like(jump.group("rest"))
    assignment = _ASSIGNMENT.match(s)
    if assignment and "`" not in s and prose_words(s) == 0:
        return _code_like(assignment.group("rhs")) or s.endswith(";")
    if _CALL.match(s) and "`" not in s and prose_words(s) == 0:
        return True
    if s.endswith(";") and "`" not in s and prose_words(s) == 0 and re.search(r"[()=\[\].]", s):
        return True
    if s[0] in "+-" and len(s) > 1 and s[1] not in "+- " and code_line(s[1:].strip()):
        return True  # a diff's added or removed line: "-import requests", "+    return httpx.get(url)"
    if re.match(r"^[+-]\s{2,}\S", s) and code_line(s[1:].strip()):
        return True
    return False


def output_line(line: str) -> bool:
    """A line of a program's output: a log, a traceback frame, a test report, a diagnostic, quoted text."""
    return bool(_OUTPUT.match(line))


def _depth(stripped: str) -> int:
    """Brackets opened minus brackets closed, outside strings."""
    bare = re.sub(r"\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'|`[^`]*`", "", stripped)
    return sum(bare.count(c) for c in "{[(") - sum(bare.count(c) for c in "}])")


def split_pasted(text: str) -> tuple[list[str], int]:
    """(the person's own lines, how many lines were pasted material and left out)."""
    fenced = 0

    def fence(match: re.Match[str]) -> str:
        nonlocal fenced
        fenced += match.group(0).count("\n") + 1
        return "\n"

    lines = _FENCE_BLOCK.sub(fence, text).splitlines()
    marks = _mark_lines(lines)
    _whole_paragraphs(lines, marks)
    alone = [index for index, mark in enumerate(marks) if mark != "blank"]
    if len(alone) == 1 and not fenced and marks[alone[0]] == "pasted":
        # A message of one line is what the person typed unless it can only be a program's: "Warning: never
        # force push to main." is a rule with a label, "DeprecationWarning: Use …" or "$ npm test" are not.
        line = _LABEL.sub("", lines[alone[0]].strip(), count=1)
        if _rule_line(line):
            marks[alone[0]] = ""
    for index, mark in enumerate(marks):
        # "load test baseline before we start optimising:" over a pasted run (blind10): the caption of what was pasted,
        # no instruction, unless it says when a rule holds or what the team does ("we always format it like this:")
        after = next((m for m in marks[index + 1:] if m != "blank"), None)
        if mark == "" and after == "pasted" and lines[index].rstrip().endswith(":") \
                and not _CAPTION_RULE.search(lines[index]):
            marks[index] = "caption"
    kept = [line for line, mark in zip(lines, marks) if mark in ("", "blank")]
    return kept, fenced + sum(mark in ("pasted", "quote", "caption") for mark in marks)


_CAPTION_RULE = re.compile(r"\b(?:never|always|every|don'?t|do\s+not|must|should|stop|avoid|instead|rather|"
                           r"we\s+(?:use|only|prefer|format|write|name|log)|(?:this|our)\s+(?:repo|project|codebase|team)|"
                           r"from\s+now\s+on|going\s+forward|again|keep)\b", re.I)


def _mark_lines(lines: list[str]) -> list[str]:
    """Each line's mark: "blank", "pasted", "quote" (a quoted line, "> …") or "" (the person's own)."""
    marks: list[str] = []
    mode = ""  # "trace", "terminal", "diff", "brackets": inside a pasted block
    depth = 0
    previous_pasted = previous_blank = False
    previous_colon = True  # the message's start counts as a place a block may begin
    for line in lines:
        stripped = line.strip()
        if not stripped:
            if mode in ("terminal", "diff"):
                mode = ""
            previous_blank = True
            marks.append("blank")
            continue
        indent = len(line) - len(line.lstrip(" \t"))
        tabbed = line[:1] == "\t"
        if mode == "trace":
            if not line[:1].isspace():
                mode = ""  # the exception line ends the traceback ("ValueError: …"): pasted as well
            marks.append("pasted")
            previous_pasted, previous_blank = True, False
            continue
        if mode == "terminal" and _rule_line(line):
            mode = ""  # the person's reply right under the output
        if mode == "terminal":
            marks.append("pasted")  # a command's output, up to the blank line or the next empty prompt
            if _PROMPT.match(stripped + " ") and re.search(r"[$#%>❯]$", stripped):
                mode = ""
            continue
        if mode == "diff":
            if line[:1] in "+- " or _DIFF_HEAD.match(line):
                marks.append("pasted")
                continue
            mode = ""
        if mode == "brackets":
            if previous_blank and indent == 0 and not code_line(stripped) and not output_line(line) \
                    and prose_words(stripped) >= 2 and stripped[:1] not in "\"'":
                mode = ""  # an unclosed bracket must not swallow the person's next paragraph
            else:
                marks.append("pasted")
                depth += _depth(stripped)
                if depth <= 0:
                    mode = ""
                previous_pasted, previous_blank = True, False
                continue
        pasted = False
        if _TRACE_START.match(line):
            pasted, mode = True, "trace"
        elif _PROMPT.match(line):
            pasted, mode = True, "terminal"
        elif _DIFF_HEAD.match(stripped):
            pasted, mode = True, "diff"
        elif output_line(line) or code_line(stripped):
            pasted = True
        elif indent and previous_pasted and not previous_blank:
            pasted = True  # indented under a pasted line: the rest of its block
        elif indent and (previous_colon or previous_pasted) and _YAML.match(line):
            pasted = True  # "steps:" then "  - name: lint": a configuration file
        elif (indent >= 4 or tabbed) and not _BULLET.match(line) and (previous_blank or previous_colon or previous_pasted):
            pasted = True  # an indented block, as Markdown reads one
        if pasted and not mode:
            opened = _depth(stripped)
            if opened > 0 and (code_line(stripped) or stripped[:1] in "{[("):
                mode, depth = "brackets", opened
        marks.append(("quote" if stripped.startswith(">") else "pasted") if pasted else "")
        previous_pasted, previous_blank = pasted, False
        previous_colon = stripped.endswith(":")
    return marks


_LABEL = re.compile(r"^(?:warning|note|help|hint|tip|important|reminder|fyi|nb)\s*:\s*", re.I)
_RULE_START = re.compile(r"^(?:no[,.!]?\s+)?(?:always|never|don'?t|do\s+not|please|stop|use|prefer|avoid|only)\b", re.I)


def _rule_line(line: str) -> bool:
    """An unindented line of the person's that states a rule ("Always use pnpm, not npm"), not a program's output."""
    return line[:1] not in " \t" and bool(_RULE_START.match(line)) and not output_line(line) \
        and not code_line(line.strip())


def _lead_in(line: str) -> bool:
    """A line the person wrote above a paste: it introduces it ("…:", a question) or is a sentence of their own."""
    text = line.rstrip()
    return text.endswith((":", "?", "\uff1a", "\uff1f")) or prose_words(text) >= 2 or bool(_CJK_RUN.search(text)) \
        or _rule_line(text)


def _whole_paragraphs(lines: list[str], marks: list[str]) -> None:
    """Lines of a pasted report that no shape above recognises. A linter's or CI's report interleaves its own
    English ("Don't use 'BuildContext's across async gaps.") with code and file names; so in a paragraph that is
    mostly pasted material, a line between two pasted lines is pasted too, and so is a line above the first one
    unless it leads into the paste ("it fails here:", a question, a sentence of the person's own). A line under
    the last pasted line is the person's reply ("use dayjs instead"), unless the message repeats it word for word:
    a report lists the same diagnostic again, a person does not. Quoted lines do not count: a reply under a quote
    is the person's."""
    if "pasted" not in marks:
        return
    seen: dict[str, int] = {}
    for line, mark in zip(lines, marks):
        if mark != "blank":
            key = " ".join(line.split()).rstrip(".")
            seen[key] = seen.get(key, 0) + 1
    start = 0
    while start < len(lines):
        if marks[start] == "blank":
            start += 1
            continue
        end = start
        while end < len(lines) and marks[end] != "blank":
            end += 1
        span = range(start, end)
        pasted = [i for i in span if marks[i] == "pasted"]
        if len(pasted) >= 2 and 2 * len(pasted) >= len(span):
            first, last = pasted[0], pasted[-1]
            for i in span:
                if marks[i] == "" and (first < i < last or i < first and not _lead_in(lines[i])):
                    marks[i] = "pasted"
        start = end
    for i, line in enumerate(lines):
        if marks[i] == "" and len(line.split()) >= 4 and seen.get(" ".join(line.split()).rstrip("."), 0) >= 2:
            marks[i] = "pasted"


__all__ = ["code_line", "output_line", "prose_words", "split_pasted"]
