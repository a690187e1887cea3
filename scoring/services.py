"""scoring services."""
