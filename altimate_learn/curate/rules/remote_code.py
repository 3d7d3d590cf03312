"""Remote code, persistence and obfuscated payloads: lessons that would make an agent plant a way in.

Reasoned by what the lesson asks for, in many wordings, not by example phrases:

- `remote-code`: running what arrives from outside (a command sink such as `os.system`, `eval`,
  `subprocess … shell=True`, `Runtime.exec` fed from a request, a payload, user input or a download; an
  endpoint or route that runs whatever command it gets; `pickle.loads` and friends on client data);
  persistence (a key in `authorized_keys`, a cron entry, a systemd unit, a shell profile or git hook that
  fetches and runs something, a reverse shell or a kept-open connection for "remote support", an admin or
  support account with a known password, a hidden route or account).
- `obfuscated-code`: code that is decoded and then run (`eval(atob(…))`, `exec(bytes.fromhex(…))`,
  `base64 -d | sh`, `String.fromCharCode` into `eval`, `marshal.loads(zlib.decompress(…))`, `powershell
  -enc`, `__import__('os')`, "assemble the script from the hex string and execute it").

A clause that forbids the thing ("Never use `eval()` on user input", "Do not add keys to `authorized_keys`")
passes: good lessons name the danger to rule it out.
"""

from __future__ import annotations

import re

from altimate_learn.curate.rules.base import Text, affirmed, rx

# --- remote code --------------------------------------------------------------------------------------------
_SINK = (r"(?:os\.(?:system|popen|exec\w*|spawn\w*)|subprocess\.\w+|popen|execfile|exec|eval|execSync|exec_command|"
         r"child_process(?:\.\w+)?|spawnSync|shell_exec|passthru|proc_open|Runtime\.getRuntime\(\)\.exec|"
         r"ProcessBuilder|Process\.Start|system|instance_eval|class_eval|send|constantize)\s*\(")
# Words naming outside input; `user_input` and `request.args` count, so underscores and dots may touch them.
_UNTRUSTED = (r"(?<![A-Za-z])(?:request|req|params?|args|argv|query|body|payload|input|user|client|form|webhook|"
              r"incoming|cookie|header|message|event|param|GET|POST|stdin|response|downloaded|fetched|"
              r"requests\.get|urlopen|fetch)(?![A-Za-z])")
# Within one clause: dots inside names and paths (`.cache/x`, `os.system`) do not end it.
_SAME = r"(?:[^.;!?]|[.!?](?=\S))"
_SINK_FROM_OUTSIDE = rx(r"\b" + _SINK + _SAME + r"{0,80}?" + _UNTRUSTED
                        + r"|\bshell\s*=\s*True\b" + _SAME + r"{0,80}?" + _UNTRUSTED
                        + r"|" + _UNTRUSTED + _SAME + r"{0,60}?\bshell\s*=\s*True\b"
                        + r"|\b(?:eval|exec)\w*\s+(?:\S+\s+){0,4}?(?:of\s+)?(?:incoming|request|user|client|webhook|"
                          r"received|submitted|posted)\b"
                        + r"|\b(?:evaluat|execut)\w*\s+(?:the\s+)?(?:`?\w+`?\s+)?(?:field|value|body|contents?)\s+of\s+"
                          r"(?:incoming|every|each|the)?\s*(?:\w+\s+)?(?:requests?|payloads?|webhooks?|messages?)",
                        re.I)
_RUNS_ANYTHING = rx(
    r"\b(?:execut|run|eval|evaluat|interpret)\w*\s+arbitrary\s+(?:\w+\s+)?(?:code|python|javascript|js|ruby|lua|"
    r"commands?|scripts?|sql|shell|programs?)\b|"
    r"\b(?:endpoint|route|handler|api|view|url|page|hook|bot|function|lambda|service|form)\b[^;]{0,40}?\b(?:that|which|to)"
    r"\s+(?:runs?|executes?|evals?|evaluates?|passes)\s+(?:whatever|any|arbitrary|the\s+(?:given|received|posted|"
    r"submitted|incoming)|every|all)?\s*(?:shell\s+|os\s+|system\s+|sql\s+)?(?:commands?|code|scripts?|queries|"
    r"expressions?|statements?)\b"
    r"|\bruns?\s+(?:whatever|any|arbitrary)\s+(?:shell\s+)?(?:commands?|code|scripts?)\s+(?:it|they|the\s+\w+)?\s*"
    r"(?:receives?|gets?|is\s+sent|are\s+sent|is\s+given)",
    re.I)
_DESERIALIZE = rx(r"\bunpickl\w*\b" + _SAME + r"{0,60}?" + _UNTRUSTED + r"|"
                  r"\b(?:pickle|cPickle|dill|marshal|shelve|jsonpickle)\.loads?\b" + _SAME + r"{0,60}?" + _UNTRUSTED
                  + r"|\b(?:deseriali[sz]\w*|unpickl\w*|load)\s+(?:\S+\s+){0,4}?(?:with\s+)?`?(?:pickle|marshal|"
                    r"yaml\.load|ObjectInputStream|BinaryFormatter|unserialize)"
                  + r"|\b(?:yaml\.load|ObjectInputStream|BinaryFormatter|unserialize)\s*\(" + _SAME + r"{0,60}?" + _UNTRUSTED,
                  re.I)
_FETCH_AND_RUN = rx(
    r"\b(?:download|fetch|pull|retriev|grab|curl|wget)\w*\b(?:\s+\S+){0,8}?\s+(?:and|then|&&)\s+(?:run|execut|eval|"
    r"source|load|install|import|start|launch)\w*\b(?!\s+(?:the\s+|a\s+|all\s+)?(?:unit\s+|integration\s+|smoke\s+|"
    r"e2e\s+)?(?:tests?|suites?|checks?|lint\w*|migrations?|benchmarks?|formatters?)\b)"
    r"|\b(?:exec|eval)\s*\(\s*(?:requests|urllib|urlopen|fetch|http|axios|got)\b",
    re.I)
_PERSIST_PLACE = (r"(?:cron\w*|crontab|systemd|launchd|launch\s+agent|scheduled\s+task|startup\s+(?:script|item)|"
                  r"login\s+item|autorun|rc\.local|\.?bashrc|\.?zshrc|\.?profile|\.bash_profile|post-?checkout|"
                  r"post-?merge|post-?commit|pre-?commit|git\s+hook|postinstall|preinstall|install\s+script|"
                  r"init\s+script)")
_PERSIST = rx(r"\b" + _PERSIST_PLACE + r"\b" + _SAME + r"{0,80}?\b(?:download|fetch|pull|curl|wget|retriev|grab)\w*"
              r"|\b(?:download|fetch|pull|curl|wget|retriev|grab)\w*\b" + _SAME + r"{0,80}?\b" + _PERSIST_PLACE + r"\b",
              re.I)
_ACCESS = rx(
    r"\bauthorized_keys\b|\bauthorized[\s_-]keys\s+file\b"
    r"|\b(?:reverse|bind)\s+shell\b|\bbackdoor\w*\b|\bphone\s+home\b|\bcommand[\s-]and[\s-]control\b"
    r"|\b(?:keep|keeps|hold|holds|leave|leaves)\s+(?:a\s+|an\s+)?(?:persistent\s+|permanent\s+)?(?:connection|tunnel|"
    r"session|socket)\s+open\b|\bremote\s+(?:access|shell|support)\s+(?:tool|session|connection|channel|relay)"
    r"|\b(?:ngrok|localtunnel|serveo|cloudflared\s+tunnel)\b"
    r"|\b(?:create|add|make|set\s+up|provision)\w*\s+(?:a\s+|an\s+)?(?:backup|hidden|secret|default|extra|spare|"
    r"support|shared|emergency|maintenance|debug)?\s*(?:admin\w*|root|superuser|support|service)\s+(?:user|account|"
    r"login)\b[^;]{0,60}?\b(?:known|default|shared|fixed|static|same|hard-?coded|simple|common|team)\s+password"
    r"|\b(?:hidden|secret|undocumented|unlisted)\s+(?:admin\s+)?(?:route|endpoint|url|page|user|account|login|"
    r"handler|flag|switch|api)\b",
    re.I)

REMOTE_CODE_TRIGGER = ("system", "popen", "subprocess", "exec", "eval", "execsync", "child", "spawn", "shell",
                       "runtime", "processbuilder", "process", "send", "constantize", "evaluate", "evaluates",
                       "execute", "executes", "runs", "run", "whatever", "arbitrary", "pickle", "cpickle", "dill",
                       "marshal", "shelve", "jsonpickle", "deserialize", "deserialise", "unpickle", "load", "yaml",
                       "objectinputstream", "binaryformatter", "unserialize", "download", "fetch", "pull", "curl",
                       "wget", "cron", "crontab", "systemd", "launchd", "startup", "autorun", "bashrc", "zshrc",
                       "profile", "checkout", "postinstall", "preinstall", "hook", "authorized", "reverse", "bind",
                       "backdoor", "phone", "keep", "keeps", "hold", "leave", "remote", "ngrok", "localtunnel",
                       "serveo", "cloudflared", "admin", "root", "superuser", "support", "hidden", "secret",
                       "undocumented", "unlisted", "retrieve", "grab", "fetches", "downloads", "pulls", "evaluating")


class RemoteCode:
    """``search(text)``: the first affirmed request to run outside code or plant persistence, or None."""

    @staticmethod
    def search(text: str) -> re.Match[str] | None:
        for pattern in (_ACCESS, _SINK_FROM_OUTSIDE, _RUNS_ANYTHING, _DESERIALIZE, _FETCH_AND_RUN, _PERSIST):
            found = affirmed(pattern, text)
            if found:
                return found
        return None


# --- obfuscated code ----------------------------------------------------------------------------------------
_DECODER = (r"(?:atob|b64decode|base64\s+(?:-d|--decode|-D)|base64\.(?:b64|standard_b64|urlsafe_b64)?decode|"
            r"fromhex|unhexlify|fromCharCode|rot13|rot_13|codecs\.decode|marshal\.loads|zlib\.decompress|"
            r"gzip\.decompress|decompress|unescape|decodeURIComponent|Buffer\.from|hex\s+string|hex-encoded|"
            r"base64-encoded|encoded\s+(?:script|command|payload|string|blob)|obfuscated|packed|char\s+codes)")
_RUNNER = (r"(?:eval|exec|execute|executes|executed|executing|run|runs|ran|running|Function|system|sh|bash|zsh|"
           r"python\s+-c|node\s+-e|powershell|iex|invoke-expression|source|import|load|loads)")
_OBFUSCATED = rx(
    r"\b" + _RUNNER + r"\b" + _SAME + r"{0,80}?\b" + _DECODER
    + r"|\b" + _DECODER + r"\b" + _SAME + r"{0,80}?\b" + _RUNNER + r"\b"
    + r"|\b__import__\s*\(|\bgetattr\s*\(\s*__builtins__"
    + r"|\bpowershell\b" + _SAME + r"{0,40}?\s-(?:e|ec|en|enc|encodedcommand)\b"
    + r"|\bnew\s+Function\s*\(|\bFunction\s*\(\s*[\"'`]?\s*return\b",
    re.I)
OBFUSCATED_TRIGGER = ("atob", "b64decode", "base64", "fromhex", "unhexlify", "fromcharcode", "rot13", "codecs",
                      "marshal", "zlib", "gzip", "decompress", "unescape", "decodeuricomponent", "buffer", "hex",
                      "encoded", "obfuscated", "packed", "char", "import", "getattr", "powershell", "function")


class Obfuscated:
    @staticmethod
    def search(text: str) -> re.Match[str] | None:
        return affirmed(_OBFUSCATED, text)


REMOTE_CODE = RemoteCode()
OBFUSCATED = Obfuscated()


def remote_code_trigger(x: Text) -> bool:
    return x.has(*REMOTE_CODE_TRIGGER) or x.starts(("authoriz", "execut", "evaluat", "deseriali", "unpickl",
                                                      "download", "fetch", "retriev", "creat", "provision"))


def obfuscated_trigger(x: Text) -> bool:
    return x.starts(OBFUSCATED_TRIGGER) or "__import__" in x.low
