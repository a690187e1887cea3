"""tournaments services."""
