"""referee services."""
