"""`learn tidy`, `learn undo` and graduation (spec 000; issue 16)."""
