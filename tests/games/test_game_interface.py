"""Every game through the one typed door: the registry gives `Game` objects whose members the
apps call (scoring, the score summary a table card shows, the scorer's page), a test may add
a game of its own, and each game's errors come back in the user's language at every door
(the scorer's API, the stateless score-match API); the command line stays English."""

from __future__ import annotations

import copy
import io
import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from scoring import games
from scoring.games.base import Game, Tally
from scoring.games.errors import GameError, Problem
from scoring.models import Match
from tests.factories import PREF_SIX_SPADES, make_preferans_evening

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"
PULKA = json.loads((EXAMPLES / "preferans-sochi-4-deals.json").read_text(encoding="utf-8"))
PULKA_RESULT = json.loads(
    (EXAMPLES / "preferans-sochi-4-deals.result.json").read_text(encoding="utf-8")
)
DEBERC_SHEET = json.loads((EXAMPLES / "moscow-2p-hanging.json").read_text(encoding="utf-8"))


# --- the interface -------------------------------------------------------------------------


def test_the_settings_name_the_games_and_the_registry_loads_them() -> None:
    from django.conf import settings

    assert settings.DEBERC_GAMES == ["scoring.games.deberc", "scoring.games.preferans"]
    assert [game.key for game in games.games_all()] == ["deberc", "preferans"]
    assert games.game_default() is games.game_get("deberc")
    assert all(isinstance(game, Game) for game in games.games_all())
    with pytest.raises(KeyError):
        games.game_get("bridge")


def test_both_engines_raise_the_one_error_type() -> None:
    for game in games.games_all():
        assert issubclass(game.error_type, GameError)
    bad = copy.deepcopy(PULKA)
    bad["deals"][0]["contract"] = "6Z"
    with pytest.raises(GameError) as refused:
        games.record_score(bad)
    assert refused.value.problems[0][:3] == (1, "contract", "bad_contract")
    assert isinstance(refused.value.problems[0], Problem)
    with pytest.raises(GameError) as unknown:
        games.record_score({"format": "bridge/1"})
    assert unknown.value.errors[0]["code"] == "bad_format"


def test_the_score_summary_is_each_games_running_figure() -> None:
    preferans = games.game_get("preferans")
    balance = PULKA_RESULT["settlement"]["balance"]
    assert preferans.score_summary(PULKA_RESULT) == [
        {"name": name, "figure": balance[name]} for name in PULKA["players"]
    ]
    assert any(line["figure"] != 0 for line in preferans.score_summary(PULKA_RESULT))
    deberc = games.game_get("deberc")
    result = deberc.score(DEBERC_SHEET)
    assert deberc.score_summary(result) == [
        {"name": name, "figure": result["match"][name]} for name in DEBERC_SHEET["players"]
    ]
    # A table with no deal yet shows zeros, not an error.
    assert preferans.score_summary({"players": ["Anna", "Boris", "Vera"]}) == [
        {"name": "Anna", "figure": 0},
        {"name": "Boris", "figure": 0},
        {"name": "Vera", "figure": 0},
    ]


def test_each_scorer_page_gives_what_the_shared_views_call() -> None:
    for game in games.games_all():
        page = game.scorer_page()
        assert f"scoring/games/{game.key}/match.html" == page.PAGE_TEMPLATE
        assert f"scoring/games/{game.key}/_sheet.html" == page.SHEET_TEMPLATE
        assert f"scoring/games/{game.key}/deal_edit.html" == page.EDIT_TEMPLATE
        form = page.parse_deal({}, ["Anna", "Boris", "Vera"])
        assert form.is_valid is False
        assert form.errors


def test_each_game_labels_its_own_conventions() -> None:
    """A Preferans convention is not labelled with Deberc's words (its `fixed_deals` is the
    pulka's number of deals, not short deberc's)."""
    from django.utils import translation

    deberc, preferans = games.game_get("deberc"), games.game_get("preferans")
    for game in (deberc, preferans):
        assert set(game.conventions) <= set(game.convention_labels)
    with translation.override("ru"):
        assert "деберц" in str(deberc.convention_labels["fixed_deals"]).lower()
        assert "деберц" not in str(preferans.convention_labels["fixed_deals"]).lower()


# --- a game of a test's own ----------------------------------------------------------------


class HighCardError(GameError):
    what = "invalid high-card record"


class HighCard(Game):
    """A toy game: each deal gives each player points; the first to the target wins."""

    key = "highcard"
    name = "High card"
    record_format = "highcard-scoresheet/1"
    result_format = "highcard-result/1"
    error_type = HighCardError
    table_sizes = (2, 3)
    default_ruleset = "club"
    presets = {"club": {"target": 10}}
    conventions = {"target": {"default": 10}}
    match_scores = {"win": "Win"}
    tiebreaks = ("wins",)
    default_tiebreaks = ("wins",)
    score_path = ("totals",)

    def score(self, record: dict[str, Any]) -> dict[str, Any]:
        names = list(record.get("players") or [])
        totals = dict.fromkeys(names, 0)
        problems = []
        for number, deal in enumerate(record.get("deals") or [], 1):
            for name, points in deal.items():
                if name not in totals:
                    problems.append(Problem(number, name, "unknown_player", f"{name}?"))
                else:
                    totals[name] += points
        if problems:
            raise HighCardError(problems)
        best = max(totals.values(), default=0)
        return {
            "format": self.result_format,
            "players": names,
            "totals": totals,
            "finished": best >= 10,
        }

    def check_conventions(self, ruleset: Any, overrides: Any, table_size: int) -> None:
        return None

    def match_points(self, result: dict[str, Any], match_score: str) -> Mapping[str, float]:
        return {name: float(name in self.winners(result)) for name in result["players"]}

    def tally(self, result: dict[str, Any], ruleset: Any, overrides: Any) -> Tally:
        names = result["players"]
        return {
            "totals": [result["totals"][n] for n in names],
            "winners": self.winners(result),
            "bytes": [0] * len(names),
            "sides": list(range(len(names))),
            "target": 10,
        }

    def bye_points(self, match_score: str, ruleset: Any, overrides: Any, table_size: int) -> float:
        return 1

    def winners(self, result: dict[str, Any]) -> list[str]:
        if not result.get("finished"):
            return []
        best = max(result["totals"].values())
        return [n for n in result["players"] if result["totals"][n] == best]

    def simulate(
        self, record: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        played = {**record, "deals": [{name: 10 for name in record["players"][:1]}]}
        return played, self.score(played)

    def localise_error(self, problem: Mapping[str, Any], language: str) -> str:
        return {"ru": "Нет такого игрока.", "uk": "Немає такого гравця."}.get(
            language, str(problem["message"])
        )


@pytest.mark.django_db
def test_a_test_registers_a_game_of_its_own_and_every_door_finds_it() -> None:
    record = {"format": "highcard-scoresheet/1", "players": ["Ann", "Bo"], "deals": [{"Ann": 10}]}
    assert games.game_for_record(record) is None
    with games.registered(HighCard()) as toy:
        assert games.game_get("highcard") is toy
        assert games.game_for_record(record) is toy
        assert ("highcard", "High card") in games.game_choices()
        assert games.record_score(record)["totals"] == {"Ann": 10, "Bo": 0}
        assert toy.score_summary(games.record_score(record)) == [
            {"name": "Ann", "figure": 10},
            {"name": "Bo", "figure": 0},
        ]
        api = APIClient()
        answer = api.post("/api/v1/score-match/", record, format="json")
        assert answer.status_code == 200
        assert answer.json()["totals"] == {"Ann": 10, "Bo": 0}
        wrong = {**record, "deals": [{"Zed": 3}]}
        refused = api.post("/api/v1/score-match/", wrong, format="json", HTTP_ACCEPT_LANGUAGE="uk")
        assert refused.status_code == 400
        assert refused.json()["errors"] == [
            {"deal": 1, "field": "Zed", "code": "unknown_player", "message": "Немає такого гравця."}
        ]
        with pytest.raises(ValueError):
            games.register(HighCard())  # a second game under the same key
    assert games.game_for_record(record) is None
    with pytest.raises(KeyError):
        games.game_get("highcard")


def test_only_a_game_is_registered() -> None:
    with pytest.raises(TypeError):
        games.register(object())  # type: ignore[arg-type]


# --- the user's language -------------------------------------------------------------------


def _pulka_with(deal_index: int, **changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(PULKA)
    record["deals"][deal_index].update(changes)
    return record


def _four_with_dealer_declaring() -> dict[str, Any]:
    record = copy.deepcopy(PULKA)
    record["players"] = ["Anna", "Boris", "Vera", "Gleb"]
    record["deals"] = [
        {
            "dealer": "Anna",
            "kind": "game",
            "declarer": "Boris",
            "contract": "6S",
            "whist": {"Vera": "whist", "Gleb": "pass", "Anna": "whist"},
            "tricks": {"Boris": 6, "Vera": 3, "Gleb": 1},
        }
    ]
    return record


# Each Preferans code the issue names, a record that gets it, and its sentence in Russian and
# Ukrainian (scoring/games/preferans/page/errors.py, the catalogues).
PREFERANS_REFUSALS = {
    "bad_contract": (
        lambda: _pulka_with(0, contract="6Z"),
        "Выберите игру от 6♠ до 10 без козыря",
        "Виберіть гру від 6♠ до 10 без козиря",
    ),
    "bad_whist": (
        lambda: _pulka_with(1, whist={"Anna": "whist", "Boris": "maybe"}),
        "вист",
        "віст",
    ),
    "below_allpass_exit": (
        lambda: {
            **_pulka_with(3, contract="6D", tricks={"Anna": 1, "Boris": 6, "Vera": 3}),
            "conventions": {"allpass_exit": [7, 7, 8]},
        },
        "После распасов наименьшая игра — 7",
        "найменша гра — 7",
    ),
    "sitting_out": (
        _four_with_dealer_declaring,
        "Сдающий в этой сдаче не играет",
        "Той, хто здає, у цій роздачі не грає",
    ),
    "whist_required": (
        lambda: {
            **_pulka_with(0, whist={"Vera": "whist", "Anna": "pass"}),
            "conventions": {"stalingrad": True},
        },
        "Сталинград: шестерную пик вистуют оба.",
        "Сталінград: шістку пік вістують обидва.",
    ),
}


@pytest.mark.parametrize("code", sorted(PREFERANS_REFUSALS))
def test_each_refusal_record_gets_its_code_in_english(code: str) -> None:
    build, _ru, _uk = PREFERANS_REFUSALS[code]
    with pytest.raises(GameError) as refused:
        games.record_score(build())
    assert code in {e["code"] for e in refused.value.errors}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "uk"])
@pytest.mark.parametrize("code", sorted(PREFERANS_REFUSALS))
def test_the_score_match_api_words_preferans_errors_in_the_users_language(
    code: str, language: str
) -> None:
    build, ru, uk = PREFERANS_REFUSALS[code]
    record = build()
    english = APIClient().post("/api/v1/score-match/", record, format="json")
    answer = APIClient().post(
        "/api/v1/score-match/", record, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert answer.status_code == english.status_code == 400
    [error] = [e for e in answer.json()["errors"] if e["code"] == code][:1]
    [said] = [e for e in english.json()["errors"] if e["code"] == code][:1]
    assert (error["deal"], error["field"]) == (said["deal"], said["field"])
    assert (ru if language == "ru" else uk).lower() in error["message"].lower()
    assert error["message"] != said["message"]


def test_the_command_line_stays_english(tmp_path: Path) -> None:
    sheet = tmp_path / "bad.json"
    sheet.write_text(json.dumps(_pulka_with(0, contract="6Z"), ensure_ascii=False))
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("score_match", str(sheet), stdout=out)
    [error] = json.loads(out.getvalue().splitlines()[0])["errors"]
    assert error["code"] == "bad_contract"
    assert error["message"] == "'6Z' is not a contract (6S … 10NT)"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [("ru", "Выберите игру от 6♠"), ("uk", "Виберіть гру від 6♠"), ("en", "is not a contract")],
)
def test_the_scorers_api_words_a_preferans_tables_errors_in_its_game(
    language: str, expected: str
) -> None:
    ev = make_preferans_evening()
    client = APIClient()
    client.force_authenticate(ev.scorer)
    version = Match.objects.get(pk=ev.match.pk).version
    answer = client.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        {**PREF_SIX_SPADES, "contract": "6Z", "version": version},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
        HTTP_IDEMPOTENCY_KEY="k-1",
    )
    assert answer.status_code == 400
    [error] = [e for e in answer.json()["errors"] if e["code"] == "bad_contract"]
    assert expected in error["message"]


def test_an_import_refused_by_one_game_is_worded_by_that_game() -> None:
    """The organiser's import names the sheet and deal of each problem in the words of the
    game whose engine refused it."""
    from django.utils import translation

    from scoring import services
    from scoring.errors import game_of, localise_errors

    bad = _pulka_with(0, contract="6Z")
    with pytest.raises(services.DealRejected) as refused:
        services.scoresheets_check(records=[PULKA, bad])
    assert refused.value.game == "preferans"
    with translation.override("uk"):
        [error] = localise_errors(refused.value.errors, game_of(refused.value.game))
    assert error["scoresheet"] == 1
    assert error["message"].startswith("Виберіть гру від 6♠")
    wrong_deberc = copy.deepcopy(DEBERC_SHEET)
    wrong_deberc["deals"][0]["trump"] = "X"
    with pytest.raises(services.DealRejected) as mixed:
        services.scoresheets_check(records=[bad, wrong_deberc])
    assert mixed.value.game is None  # two games refused: each error keeps the service's words
