"""A broader folder's rule that the file's name or its own folder points at ranks with the narrower folder's rules
(issue 19, file-rank misses of blind batches 56 and 60).

`infra/terraform/stacks/dns/records.tf` matches the sixteen rules of `infra/terraform/**` and, one level broader, the
six of `infra/**`, one of them "Create DNS records in the `dns` Terraform workspace only". Specificity came first, so
that rule came 17th, after every Terraform rule in the order of helpfulness, though the file's folder names it and
names none of them; a file's first batch shows five. Now a lesson of a broader folder level holding a word of the
file's name, or of the folder the file is in, that few lessons of its level hold (:func:`select.selective`) ranks
at the next narrower folder level, after what the request points at and before the rules nothing points at.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver import select
from altimate_learn.deliver.index import load_corpus
from tests.deliver.helpers import hook, lesson, write_store

DNS = "Create DNS records in the `dns` Terraform workspace only."
SUBNETS = "New services get private subnets only; public load balancers need a security review."
ALERTS = "Alerts page only for user-visible symptoms; everything else goes to the ticket queue."
TERRAFORM = [
    "Pin Terraform provider versions with `~>` in `versions.tf` of every module.",
    "Name Terraform resources in snake_case without repeating the resource type.",
    "Every AWS resource gets the `default_tags` from the provider; do not set tags per resource.",
    "Read secrets from AWS Secrets Manager data sources; never put secrets in `tfvars` files.",
    "Write IAM policies with `aws_iam_policy_document`, never as inline JSON strings.",
    "Use `prevent_destroy` on stateful resources such as databases and buckets.",
    "Run Terraform formatting before committing; the pipeline rejects unformatted files.",
    "Mark outputs that contain secrets as `sensitive = true`.",
]
TESTS = "Name test files `test_<module>.py` and keep one module's tests in one file."
LESSONS = ([lesson(f"L-c{n:03d}", text, paths=["infra/terraform/**"], helpful=9) for n, text in enumerate(TERRAFORM, 1)]
           + [lesson("L-d001", DNS, tags=["infra", "dns"], paths=["infra/**"]),
              lesson("L-d002", SUBNETS, tags=["infra", "networking"], paths=["infra/**"]),
              lesson("L-d003", ALERTS, tags=["infra", "alerts"], paths=["infra/**"]),
              lesson("L-e001", TESTS, paths=["**/test_*.py"]),
              lesson("L-e002", "Keep test fixtures small; build them with factories.", paths=["services/**"])])


def _read(root: Path, path: str) -> str:
    session = str(uuid.uuid4())  # no session start: only the file's own batch
    return hook(root, session, "PreToolUse", tool_name="Read", tool_input={"file_path": str(root / path)},
                tool_use_id="t1")


def test_the_folder_or_the_name_of_the_file_brings_the_broader_rule_it_names(git_repo: Path):
    write_store(git_repo, LESSONS)
    dns = _read(git_repo, "infra/terraform/stacks/dns/records.tf")
    assert DNS in dns and SUBNETS not in dns and ALERTS not in dns
    network = _read(git_repo, "infra/terraform/stacks/network/main.tf")
    assert SUBNETS in network and DNS not in network
    alerts = _read(git_repo, "infra/terraform/stacks/observability/alerts.tf")  # the file's name
    assert ALERTS in alerts and DNS not in alerts
    # still after the narrower rules the file's name points at, and after what the request points at
    corpus = load_corpus(str(git_repo / ".altimate-code" / "learn"), lambda m: None)
    order = [corpus.texts[i] for i in select.rank_file(corpus, "infra/terraform/stacks/dns/versions.tf", [], 5)]
    assert order[:2] == [TERRAFORM[0], DNS]


def test_a_folder_above_the_files_own_or_nothing_named_leaves_the_order_of_specificity(git_repo: Path):
    write_store(git_repo, LESSONS)
    for path in ("infra/terraform/stacks/billing/main.tf",  # nothing of the path names a broader rule
                 "infra/terraform/stacks/dns/modules/main.tf"):  # `dns` is not the folder the file is in
        text = _read(git_repo, path)
        assert not any(rule in text for rule in (DNS, SUBNETS, ALERTS)), path
        assert sum(rule in text for rule in TERRAFORM) == 5, path


def test_no_folder_rule_passes_a_file_name_pattern(git_repo: Path):
    write_store(git_repo, LESSONS)
    corpus = load_corpus(str(git_repo / ".altimate-code" / "learn"), lambda m: None)
    order = [corpus.texts[i] for i in select.rank_file(corpus, "services/fixtures/test_fixtures.py", [], 5)]
    assert order[0] == TESTS  # the file-name pattern's rule stays first; `fixtures` points at the services rule
