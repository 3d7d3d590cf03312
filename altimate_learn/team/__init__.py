"""Working as a team through git: the merge driver for committed lesson files, `learn resolve`, and the
setup that registers both (`.gitattributes` and the clone's git config)."""
