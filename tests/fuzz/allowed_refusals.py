"""The one list of the API's documented business-rule refusals (issue 31, item 6).

Schemathesis's `positive_data_acceptance` check says: a request the schema allows is not
refused. Everywhere the schema can say what the code checks (types, required keys, no other
key, enums, lengths, ranges, no NUL), it does, and a schema-valid request refused there is a
schema that lies: a failure of tests/fuzz/test_api_fuzz.py. The operations below are the
exceptions: their request is described as far as a JSON Schema can, but a well-formed request
may still be refused because the rules of the game or the data say no. Each answers such a
refusal with one of ACCEPTED_OR_RULED (400 in the `{"errors": [{field, code, message}]}`
shape, naming the field and a stable code; 409 for a stale `version` or a state that forbids
it; 429 from a throttle), and documents it among its responses in the OpenAPI schema.
docs/api.md points here.
"""

from __future__ import annotations

# Operations whose request the schema describes as far as a JSON Schema can (types, required
# parts, lengths, ranges), but where a well-formed request may still be refused with a coded 400
# because the rules or the data say no: the engine's checks of a deal or a scoresheet (points
# that no cards make, a card twice, a name not at the table), a wrong password, a deal that
# does not await confirmation, a lockout or a player name the club's rules refuse, a
# tournament setting the game does not have. Everywhere else a schema-valid request that is
# refused is a schema that lies.
RULES_DECIDE = [
    "POST /api/v1/auth/token/",
    "POST /api/v1/score-match/",
    "POST /api/v1/referee/combinations/",
    "POST /api/v1/referee/legal-cards/",
    "POST /api/v1/referee/check-deal/",
    "POST /api/v1/referee/check-closing/",
    "POST /api/v1/referee/preferans/score-deal/",
    "POST /api/v1/referee/preferans/settle/",
    "POST /api/v1/matches/{match_id}/deals/",
    "PUT /api/v1/matches/{match_id}/deals/{number}/",
    "POST /api/v1/matches/{match_id}/deals/{number}/confirm/",
    "POST /api/v1/matches/{match_id}/close/",
    "POST /api/v1/matches/{match_id}/rulings/",
    "POST /api/v1/rulings/{ruling_id}/overturn/",
    "POST /api/v1/tournaments/",
    "PATCH /api/v1/tournaments/{tournament_id}/",
    "POST /api/v1/tournaments/import/",
    "POST /api/v1/tournaments/{tournament_id}/import/",
    "POST /api/v1/tournaments/{tournament_id}/archive/",
    "POST /api/v1/tournaments/{tournament_id}/entries/",
    "POST /api/v1/tournaments/{tournament_id}/reports/",
    "POST /api/v1/tournaments/{tournament_id}/rounds/{number}/swap/",
    "POST /api/v1/lockouts/lift/",
    # Issue 20: a person who is not a member of the club, a table the round lacks; a player
    # not of the club, or with an account already.
    "POST /api/v1/tournaments/{tournament_id}/staff/",
    "POST /api/v1/clubs/{club_id}/invitations/",
    # Issue 19: a team in a tournament of players, a player twice or already in a team, a
    # pair of three, a taken name, members changed after the first round.
    "POST /api/v1/tournaments/{tournament_id}/teams/",
    "PATCH /api/v1/tournaments/{tournament_id}/teams/{team_id}/",
    # Issue 19: a card to a player not entered, with an article of no rulebook or of the
    # other game, at a table of another tournament, to a player not at the table given (issue
    # 35); a card withdrawn already.
    "POST /api/v1/tournaments/{tournament_id}/cards/",
    "POST /api/v1/cards/{card_id}/withdraw/",
    # Issue 31: a preset's name the club has already (`duplicate_name`, case-insensitive),
    # settings the game does not have or a tournament of another club.
    "POST /api/v1/clubs/{club_id}/presets/",
    "PATCH /api/v1/clubs/{club_id}/presets/{preset_id}/",
    # Issue 33: a person not found or asked for already, a name the club's roll has
    # (`name_taken_in_club`), a request answered already; a merge of two people (one
    # tournament, two accounts, a table that would seat two of one name); a club invited, in or
    # not invited; a dispute of a deal that does not wait (issue 35).
    "POST /api/v1/clubs/{club_id}/roster-requests/",
    "POST /api/v1/roster-requests/{request_id}/",
    "POST /api/v1/clubs/{club_id}/merges/",
    "POST /api/v1/merges/{merge_id}/",
    "POST /api/v1/federations/{federation_id}/clubs/",
    "POST /api/v1/federations/{federation_id}/clubs/{club_id}/",
    "DELETE /api/v1/federations/{federation_id}/clubs/{club_id}/",
    "POST /api/v1/matches/{match_id}/deals/{number}/dispute/",
]
ACCEPTED_OR_RULED = ["2xx", "3xx", "400", "401", "403", "404", "409", "429"]
