"""Believable played Deberc deals for demo and benchmark tournaments: moved to
`scoring.simulation` (the games registry gives it as `Game.simulate`; the scoring app never
imports the tournament side). Kept here for the callers that import it from this place."""

from scoring.simulation import play_match, random_deal

__all__ = ["play_match", "random_deal"]
