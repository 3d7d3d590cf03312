"""altimate-learn: turn the feedback people give coding agents into reviewed lessons."""

__version__ = "0.1.0"
