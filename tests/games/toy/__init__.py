"""A third game, "high card" [старшая карта], registered by the tests through the public
interface only (`scoring.games.register`): its engine, scorer page, referee parts and tournament
parts live here, outside the product, so that the conformance test shows the doors are real."""
