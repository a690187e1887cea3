"""referee models."""
