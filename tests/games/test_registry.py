"""One door for every game: the registry finds a record's game by its `format`, and the
score-match command and API route each record to its own engine."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from scoring import games

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"
DEBERC_SHEET = EXAMPLES / "moscow-2p-hanging.json"
PREFERANS_SHEET = EXAMPLES / "preferans-sochi-4-deals.json"


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _cli(*args: str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    code = 0
    try:
        call_command("score_match", *args, stdout=out)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_each_game_is_found_by_its_format_and_its_key() -> None:
    assert games.game_for_record(_load(DEBERC_SHEET)) is games.game_get("deberc")
    assert games.game_for_record(_load(PREFERANS_SHEET)) is games.game_get("preferans")
    assert games.game_get("preferans").table_sizes == (3, 4)
    assert games.game_get(None) is games.game_get("deberc")
    assert games.game_for_record({"format": "bridge/1"}) is None


def test_it_gives_each_game_its_presets_and_refuses_a_bad_convention() -> None:
    assert set(games.game_get("preferans").presets) == {
        "sochi",
        "leningrad",
        "rostov",
        "classic",
        "skachki",
    }
    assert {"moscow", "online", "kharkov", "odessa"} <= set(games.game_get("deberc").presets)
    games.game_get("preferans").check_conventions("leningrad", {"pool_target": 30}, 4)
    with pytest.raises(games.game_get("preferans").error_type) as refused:
        games.game_get("preferans").check_conventions("leningrad", {"whist_factor": "lots"}, 3)
    assert games.game_get("preferans").errors_of(refused.value)[0]["code"] == "bad_convention"
    with pytest.raises(games.game_get("deberc").error_type):
        games.game_get("deberc").check_conventions("moscow", {"target": -1}, 2)


def test_the_command_scores_both_games_in_one_call() -> None:
    code, lines = _cli(str(DEBERC_SHEET), str(PREFERANS_SHEET))
    assert code == 0
    assert lines[0]["format"] == "deberc-result/1"
    assert lines[1] == _load(EXAMPLES / "preferans-sochi-4-deals.result.json")


def test_the_command_refuses_a_format_of_no_game(tmp_path: Path) -> None:
    sheet = tmp_path / "bridge.json"
    sheet.write_text(json.dumps({"format": "bridge-scoresheet/1", "deals": []}))
    code, lines = _cli(str(sheet))
    assert code == 2
    assert [(e["field"], e["code"]) for e in lines[0]["errors"]] == [("format", "bad_format")]


def test_the_command_prints_a_preferans_sheets_errors_in_the_common_shape(tmp_path: Path) -> None:
    record = _load(PREFERANS_SHEET)
    record["deals"][0]["tricks"] = {"Anna": 1, "Boris": 6, "Vera": 2}  # adds up to 9
    sheet = tmp_path / "bad.json"
    sheet.write_text(json.dumps(record, ensure_ascii=False))
    code, lines = _cli(str(sheet))
    assert code == 2
    assert {"deal": 1, "code": "tricks_sum"}.items() <= lines[0]["errors"][0].items()


@pytest.mark.django_db
def test_the_api_routes_a_preferans_record_to_its_engine() -> None:
    answer = APIClient().post("/api/v1/score-match/", _load(PREFERANS_SHEET), format="json")
    assert answer.status_code == 200
    assert answer.json() == _load(EXAMPLES / "preferans-sochi-4-deals.result.json")


@pytest.mark.django_db
def test_the_api_answers_400_with_coded_errors_for_a_bad_preferans_record() -> None:
    record = _load(PREFERANS_SHEET)
    record["deals"][1]["whist"] = {"Anna": "whist", "Boris": "maybe"}
    answer = APIClient().post("/api/v1/score-match/", record, format="json")
    assert answer.status_code == 400
    codes = {(e["deal"], e["code"]) for e in answer.json()["errors"]}
    assert (2, "bad_whist") in codes


@pytest.mark.django_db
def test_the_api_refuses_an_unknown_format() -> None:
    answer = APIClient().post("/api/v1/score-match/", {"format": "chess/1"}, format="json")
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "bad_format"
