"""Destruction and privilege: lessons that would make an agent destroy what matters or widen who can do what.

- `destruction`: deleting, dropping, truncating, wiping, purging, overwriting or resetting something that
  matters (a database, schema, every table or row, backups, buckets, namespaces, volumes, topics, all
  branches, release tags, history) where the lesson says it is production, shared or all of it, or with
  commands that do so by nature (`DROP DATABASE`, `terraform destroy`, `DELETE FROM t` with no `WHERE`,
  `kubectl delete … --all`, `git push --delete`). Local, temporary, test and merged things may be cleaned
  up: "Drop the temporary staging table", "Delete merged feature branches" pass.
- `privilege`: running privileged or as root, mounting the host or the Docker socket, world-writable
  permissions, passwordless sudo, wildcard or administrator policies, `GRANT ALL`, public-write buckets,
  making everyone an owner.

A clause that forbids the thing ("never `chmod 777`", "Don't run `docker` with `--privileged`") passes.
"""

from __future__ import annotations

import re

from altimate_learn.curate.rules.base import Text, affirmed, rx

# --- destruction ----------------------------------------------------------------------------------------------
_DESTROY_VERB = (r"(?:delet|drop|truncat|wip|purg|destroy|eras|nuk|remov|overwrit|reset|clear|empty|emptie|tear\w*\s+down|"
                 r"blow\w*\s+away|get\s+rid\s+of|force-?delet|flush)\w*")
_VALUABLE = (r"(?:databases?|dbs?|schemas?|tables?|rows?|records?|data(?:sets?)?|buckets?|backups?|snapshots?|"
             r"namespaces?|clusters?|volumes?|pvcs?|disks?|topics?|queues?|branch(?:es)?|tags?|releases?|repos?|"
             r"repositor(?:y|ies)|history|audit\s+logs?|logs?|indexes|indices|collections?|keyspaces?|users?|"
             r"accounts?|environments?|workspaces?|projects?|everything|all)")
_DANGER = re.compile(r"\b(?:prod|production|live|all|every|everything|entire|whole|remote|backups?|release|releases|"
                     r"shared|main|master|customer|customers|--all|origin)\b|`[^`]*\bprod\w*`", re.I)
_SAFE = re.compile(r"\b(?:temp|temporary|tmp|scratch|local|locally|dev|development|test|tests|testing|sandbox|"
                   r"ephemeral|merged|unused|own|feature|preview|fixture|fixtures|cache|caches|build|dist|"
                   r"staging\s+table|seed|scratchpad|old\s+partitions|expired|orphaned)\b", re.I)
_LOCAL_ONLY = re.compile(r"\b(?:local|locally|dev|development|test|tests|testing|temp|temporary|tmp|sandbox|"
                         r"ephemeral|scratch|your\s+own\s+machine)\b", re.I)
_DESTROY = rx(r"(?<![\w-])" + _DESTROY_VERB + r"\b(?:\s+\S+){0,6}?\s+`?" + _VALUABLE + r"\b", re.I)
_DESTROY_BY_NATURE = rx(
    r"\bdrop\s+(?:database|schema)\b|\bdropdb\b|\bdrop\s+all\s+tables\b|\bterraform\s+(?:destroy|apply\s+-destroy)\b"
    r"|\bdelete\s+from\s+`?[\w.\"]+`?\s*(?:;|`|$|\s+(?!where\b)(?:in|on|before|after|when|to|and|then|with)\b)"
    r"|\btruncate\b[^;]{0,60}?\b(?:prod|production|live)\b|\b(?:prod|production|live)\b[^;]{0,60}?\btruncate\b"
    r"|\bkubectl\s+delete\b[^;]*?(?:--all\b|\bnamespace\b|\bns\b)|\bgit\s+push\b[^;]*?(?:--delete\b|\s:\w)"
    r"|\bgit\s+tag\s+(?:-f|--force)\b|\bgit\s+reset\s+--hard\s+origin\b[^;]*?\bpush\b"
    r"|\baws\s+s3\s+(?:rm|rb)\b[^;]*?--(?:recursive|force)\b|\bgsutil\s+(?:-m\s+)?rm\s+-r\b"
    r"|\bflushall\b|\bflushdb\b|\bdropDatabase\s*\(|\bdrop\s+keyspace\b",
    re.I)
DESTRUCTION_TRIGGER = ("delete", "deletes", "deleting", "drop", "drops", "dropping", "truncate", "truncating", "wipe",
                       "wipes", "wiping", "purge", "purging", "destroy", "destroying", "erase", "erasing", "nuke",
                       "remove", "removes", "removing", "overwrite", "overwriting", "reset", "resetting", "clear",
                       "clearing", "empty", "tear", "blow", "rid", "flush", "flushall", "flushdb", "dropdb",
                       "terraform", "kubectl", "git", "aws", "gsutil", "dropdatabase", "force")


def _matters(clause: str, match: re.Match[str]) -> bool:
    """A plain "delete the X" counts when the clause calls X production, shared or all of it, and not local or
    temporary."""
    return bool(_DANGER.search(clause)) and not _SAFE.search(clause)


class Destruction:
    @staticmethod
    def search(text: str) -> re.Match[str] | None:
        found = affirmed(_DESTROY_BY_NATURE, text, also=lambda clause, m: not _LOCAL_ONLY.search(clause))
        return found or affirmed(_DESTROY, text, also=_matters)


# --- privilege ----------------------------------------------------------------------------------------------
_PRIVILEGE = rx(
    r"--privileged\b|\bprivileged\s*[:=]\s*true\b|\bprivileged\s+(?:mode|containers?|pods?)\b"
    r"|(?<![\w/])-v\s+/:/|--volume[=\s]+/:/|\bmount\w*\s+(?:the\s+)?(?:host(?:'s)?\s+)?(?:root\s+)?(?:filesystem|/)\b"
    r"|\bdocker\.sock\b|\bdocker\s+socket\b"
    r"|\bhost(?:Network|PID|IPC)\s*:\s*true\b|--(?:pid|net|network|ipc|uts)[=\s]host\b"
    r"|\bchmod\s+(?:-R\s+)?(?:0?777|0?666|a\+rwx|o\+w|ugo\+rwx)\b|\bworld[\s-]?writ\w*|\b(?:777|0777)\s+permissions?\b"
    r"|\bNOPASSWD\b|\bsudoers\b|\bpasswordless\s+sudo\b"
    r"|\b(?:run|runs|running|start|starts|launch|launches|execute|executes)\b(?:\s+\S+){0,5}?\s+as\s+(?:the\s+)?root\b"
    r"|^\s*USER\s+root\b|\bUSER\s+root\b|\brunAsUser\s*:\s*0\b|\brunAsNonRoot\s*:\s*false\b"
    r"|\ballowPrivilegeEscalation\s*:\s*true\b|--cap-add[=\s]+(?:SYS_ADMIN|ALL|NET_ADMIN)\b|\bCAP_SYS_ADMIN\b"
    r"|\b(?:seccomp|apparmor)[=:\s]+unconfined\b|--security-opt[=\s]+(?:seccomp|apparmor)[=:]unconfined"
    r"|\bAdministratorAccess\b|\b(?:Owner|Contributor)\s+role\s+(?:on|at|to)\s+(?:the\s+)?(?:subscription|"
    r"tenant|organi[sz]ation|all)\b|\broles/(?:owner|editor)\b|\"?Action\"?\s*:\s*\"?\*|\"?Resource\"?\s*:\s*\"?\*\"?"
    r"\s*[,}]|(?<![\w*])\*:\*(?![\w*])|\biam\s+role\s+`?\*"
    r"|\bALL\s+PRIVILEGES\b|\bGRANT\s+ALL\b|\bWITH\s+GRANT\s+OPTION\b|\bSUPERUSER\b|\bcluster-admin\b"
    r"|\b(?:organi[sz]ation|org|workspace|tenant|account)\s+(?:owners?|admins?)\b[^;]{0,40}?\b(?:every|all|any|new|"
    r"default)|\b(?:every|all|any|new)\s+(?:new\s+)?(?:users?|members?|accounts?)\b[^;]{0,40}?\b(?:an?\s+)?"
    r"(?:organi[sz]ation\s+|org\s+|workspace\s+)?(?:owners?|admins?|administrators?|superusers?)\b"
    r"|\bpublic-read-write\b|\ballUsers\b|\ballAuthenticatedUsers\b|\b0\.0\.0\.0/0\b[^;]{0,40}?\b(?:ssh|22|3306|5432|"
    r"6379|27017|rdp|3389|ingress|inbound|database|db)\b|\b(?:ssh|22|3306|5432|6379|27017|rdp|3389)\b[^;]{0,40}?"
    r"0\.0\.0\.0/0",
    re.I)
PRIVILEGE_TRIGGER = ("privileged", "v", "volume", "mount", "mounts", "mounting", "docker", "sock", "hostnetwork",
                     "hostpid", "hostipc", "pid", "net", "network", "ipc", "uts", "chmod", "world", "777", "0777",
                     "nopasswd", "sudoers", "passwordless", "root", "runasuser", "runasnonroot",
                     "allowprivilegeescalation", "cap", "cap_sys_admin", "seccomp", "apparmor", "security",
                     "administratoraccess", "owner", "contributor", "roles", "action", "resource", "iam", "all",
                     "grant", "superuser", "cluster", "organization", "organisation", "org", "workspace", "tenant",
                     "account", "every", "any", "new", "public", "allusers", "allauthenticatedusers", "0")


class Privilege:
    @staticmethod
    def search(text: str) -> re.Match[str] | None:
        return affirmed(_PRIVILEGE, text)


DESTRUCTION = Destruction()
PRIVILEGE = Privilege()


def destruction_trigger(x: Text) -> bool:
    return x.starts(("delet", "drop", "truncat", "wip", "purg", "destroy", "eras", "nuk", "remov", "overwrit", "reset",
                     "clear", "empt", "tear", "blow", "rid", "flush", "terraform", "kubectl", "git", "aws", "gsutil",
                     "force"))


def privilege_trigger(x: Text) -> bool:
    return x.has(*PRIVILEGE_TRIGGER) or "*" in x.t
