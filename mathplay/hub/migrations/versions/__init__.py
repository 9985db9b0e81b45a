"""The revisions of the records service's tables, oldest first (``v0001`` is 0.1.0's)."""
