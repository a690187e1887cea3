"""The pulka sheet's drawing, unit: the running figures as on paper, cut to their box, and
every player's sector with the engine's figures (three and four at the table)."""

from __future__ import annotations

import json

from scoring.games.preferans import engine
from scoring.games.preferans.page.sheet import draw, series, short, wrap
from tests.paths import TESTS

EXAMPLE = TESTS / "data" / "examples" / "preferans-sochi-4-deals.json"


def test_series_writes_each_change_of_the_total():
    assert series([0, 2, 2, 6, 6, 10]) == ["2", "6", "10"]
    assert series([0, 0]) == []


def test_wrap_keeps_the_latest_figures_and_marks_the_cut():
    parts = ["2", "4", "6", "10", "12", "14", "16", "18", "20"]
    assert wrap(parts, 7, 1) == ["…18.20"]
    assert wrap(parts, 7, 3) == ["…10.12", "14.16", "18.20"]
    assert wrap(parts, 40, 1) == ["2.4.6.10.12.14.16.18.20"]
    assert wrap([], 5, 1) == ["–"]


def _texts(drawing):
    return {t.testid: t for t in drawing.texts if t.testid}


def test_three_players_each_have_a_sector_with_the_engines_figures():
    result = engine.score_pulka(json.loads(EXAMPLE.read_text()))
    drawing = draw(result)
    texts = _texts(drawing)
    sheet = result["deals"][-1]["sheet"]
    for seat, name in enumerate(result["players"]):
        assert texts[f"sector-{seat}"].text == name
        assert texts[f"pool-{seat}"].total == sheet["pool"][name]
        assert texts[f"mountain-{seat}"].total == sheet["mountain"][name]
        for other_seat, other in enumerate(result["players"]):
            if other != name:
                assert texts[f"whists-{seat}-{other_seat}"].total == sheet["whists"][name][other]
    assert drawing.target == 20
    assert len(drawing.marks) == 1  # the one all-pass
    assert len(drawing.lines) == 3  # three sectors
    for text in drawing.texts:
        assert 0 <= text.x <= drawing.width and 0 <= text.y <= drawing.height


def test_four_players_four_sectors_and_nothing_outside_the_sheet():
    record = {
        "format": engine.FORMAT,
        "ruleset": "leningrad",
        "players": ["Anna", "Boris", "Vera", "Gleb"],
        "first_dealer": "Anna",
        "deals": [
            {
                "kind": "game",
                "declarer": "Boris",
                "contract": "6S",
                "whist": {"Vera": "whist", "Gleb": "pass"},
                "tricks": {"Boris": 6, "Vera": 3, "Gleb": 1},
            },
            {"kind": "allpass", "tricks": {"Anna": 3, "Boris": 1, "Vera": 6, "Gleb": 0}},
        ],
    }
    result = engine.score_pulka(record)
    drawing = draw(result)
    texts = _texts(drawing)
    assert [texts[f"sector-{seat}"].text for seat in range(4)] == ["Anna", "Boris", "Vera", "Gleb"]
    assert len(drawing.lines) == 4
    assert texts["whists-2-1"].total == result["deals"][-1]["sheet"]["whists"]["Vera"]["Boris"]
    for text in drawing.texts:
        assert 0 <= text.x <= drawing.width and 0 <= text.y <= drawing.height


def test_an_empty_pulka_is_an_empty_sheet():
    drawing = draw(engine.empty_result(["Anna", "Boris", "Vera"]))
    texts = _texts(drawing)
    assert texts["pool-0"].text == "–" and texts["pool-0"].total == 0
    assert drawing.marks == []


def test_a_name_cut_to_its_place_ends_with_an_ellipsis():
    assert short("Вера", 4) == "Вера"
    assert short("Дарья Мельниченко", 12) == "Дарья Мельн…"
    assert short("Дарья Мельниченко", 7) == "Дарья…"  # not "Дарья …"
    long = ["Дарья Мельниченко", "Олександра Ковальчук-Петренко", "Вера"]
    drawing = draw(engine.empty_result(long))
    cut = [t for t in drawing.texts if t.text.endswith("…")]
    assert cut  # the opponents' labels, and the longest name over its whists
    for text in cut:
        assert text.title in long
        assert text.text.lstrip("→")[:-1] in text.title
    whole = [t for t in drawing.texts if t.kind in ("name", "label") and not t.text.endswith("…")]
    assert all(t.text.lstrip("→") in long for t in whole)
