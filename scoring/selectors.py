"""scoring selectors."""
