"""tournaments selectors."""
