"""The corrected Preferans rules through the command line and the API: the Kodex 33 list of
two renonces, the `obligation_8` convention and a half-whist answered arrive at the engine
and come back scored (preferans-scoresheet/1, `violation`)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

BOTH_ERRED = {
    "format": "preferans-scoresheet/1",
    "ruleset": "sochi",
    "conventions": {"obligation_8": 2},
    "players": ["Anna", "Boris", "Vera"],
    "first_dealer": "Anna",
    "deals": [
        {
            "kind": "game",
            "declarer": "Boris",
            "contract": "6S",
            # Vera passed, Anna took half a whist, Vera answered «играем»: final choices.
            "whist": {"Vera": "whist", "Anna": "pass"},
            "tricks": {"Anna": 2, "Boris": 5, "Vera": 3},
            "violation": [
                {"player": "Boris", "kind": "renonce", "count": 1},
                {"player": "Vera", "kind": "renonce", "count": 1},
            ],
        },
        {
            "kind": "game",
            "declarer": "Vera",
            "contract": "8D",
            "whist": {"Anna": "whist", "Boris": "pass"},
            "tricks": {"Anna": 1, "Boris": 0, "Vera": 9},
        },
    ],
}


def _check(result: dict) -> None:
    first, second = result["deals"]
    # Kodex 33: "играющий и вистующий ставят по одному ремизу за каждый сделанный ими
    # ренонс, и платят пополам по расчету другому вистующему за сделанные им взятки".
    assert first["mountain"] == {"Boris": 4, "Vera": 2}
    assert first["whists"] == {"Anna": {"Boris": 2, "Vera": 2}}
    # "при восьмерной тоже две": Anna, alone, took 1 of 2: 6 × 1 into her mountain.
    assert second["mountain"] == {"Anna": 6}
    assert result["conventions"]["obligation_8"] == 2


def test_the_command_scores_the_list_and_the_obligation(tmp_path: Path) -> None:
    sheet = tmp_path / "kodex.json"
    sheet.write_text(json.dumps(BOTH_ERRED, ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    call_command("score_match", str(sheet), stdout=out)
    _check(json.loads(out.getvalue().splitlines()[0]))


@pytest.mark.django_db
def test_the_api_scores_the_list_and_refuses_a_list_of_two_defenders() -> None:
    answer = APIClient().post("/api/v1/score-match/", BOTH_ERRED, format="json")
    assert answer.status_code == 200
    _check(answer.json())
    bad = json.loads(json.dumps(BOTH_ERRED))
    bad["deals"][0]["violation"][0]["player"] = "Anna"
    answer = APIClient().post("/api/v1/score-match/", bad, format="json")
    assert answer.status_code == 400
    assert [(e["deal"], e["field"], e["code"]) for e in answer.json()["errors"]] == [
        (1, "violation", "bad_violation")
    ]
