"""Payment service providers by name (issue 19, ninth round): Adyen, PayPal, Braintree and Klarna are payments, as
Stripe already was, and wiring one up is a call to a third party (timeouts, retries), as Twilio already was."""

from __future__ import annotations

from altimate_learn.deliver.select import query_terms, rank_file
from tests.deliver.test_select import corpus, ids

LESSONS = (("L-p001", "Wrap calls to payment providers with `tenacity` retries and exponential backoff.",
            {"paths": ["services/**"]}),
           ("L-p002", "Every outbound HTTP call sets an explicit timeout from `settings.http_timeout`.",
            {"paths": ["services/**"]}))


def test_a_payment_provider_named_is_a_payment_and_an_outbound_call():
    c = corpus(*LESSONS, filler=True)
    for name in ("adyen", "PayPal", "braintree", "Klarna"):
        terms = query_terms(c, f"add a {name} client to the payouts module")
        assert "~payment" in terms and {"^http", "^retry", "^timeout"} <= set(terms), name
    # a provider not in the table, and an everyday word, imply nothing of the kind
    assert "^retry" not in query_terms(c, "add a client to the payouts module")
    assert "~payment" not in query_terms(c, "the klaxon goes off on every deploy")


def test_the_provider_name_points_the_file_tier_at_the_rules_for_outbound_calls():
    """For a file of the service, the provider's name alone makes the rules on payment providers and outbound calls
    the request's: they rank before the other rules of the folder (before, nothing in the request pointed at them
    and they came after those, by id)."""
    rules = tuple((f"L-a{i:03d}", f"Service rule {word}: keep {word} handlers small.", {"paths": ["services/**"]})
                  for i, word in enumerate(("alpha", "beta", "gamma", "delta", "epsilon", "zeta")))
    c = corpus(*rules, *LESSONS, filler=True)
    terms = query_terms(c, "wire up braintree for the new checkout flow")
    ranked = ids(c, rank_file(c, "services/api/app/payments/gateway.py", terms, 5))
    ours = [i for i in ranked if i.startswith(("L-p", "L-a"))]
    assert set(ours[:2]) == {"L-p001", "L-p002"}
