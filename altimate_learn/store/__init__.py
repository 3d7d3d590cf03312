"""The store: paths, canonical JSON, atomic writes and locks (see :mod:`altimate_learn.store.fsio`)."""

from altimate_learn.store.paths import DEFAULT_STORE, ProjectPaths, find_project_root, project, validate_store_name
from altimate_learn.store.store import Store, all_stores, ensure_learn_dir

__all__ = ["DEFAULT_STORE", "ProjectPaths", "Store", "all_stores", "ensure_learn_dir", "find_project_root",
           "project", "validate_store_name"]
