"""Quality gates on top of the curator (spec 000): the vet, quarantine, instruction stamps and staleness,
the tool-errors channel, `learn remember` and `learn doctor`.

Everything here keeps its state in sidecar files of the store (`vetted.json`, `quarantine.json`,
`tool-errors.json`), which altimate-code does not read, so `approved.json` keeps altimate-code's shape.
"""
