"""referee selectors."""
