"""The Preferans words a Russian or Ukrainian user reads (issue 18): the suit on the
contract picker is трефы / трефи (not the clubs one belongs to), the Ukrainian all-pass is
"розпаси", and the referee's "score this deal" counts the defenders' tricks in the right
plural form ("за 1 взятку", not "за 1 взяток")."""

from __future__ import annotations

import json

import pytest

from .conftest import make_pulka

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "clubs", "allpass"),
    [("ru", "трефы", "распасы"), ("uk", "трефи", "розпаси")],
)
def test_the_picker_names_the_suit_and_the_all_pass(client, language, clubs, allpass):
    t = make_pulka(3)
    client.force_login(t.scorer)
    html = client.get(f"/matches/{t.match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'title="6 {clubs}"' in html
    assert "клубы" not in html and "клуби" not in html
    assert f"<span>{allpass}</span>" in html


def _responsible_whist_line(client, language: str, declarer_tricks: int) -> str:
    record = {
        "ruleset": "sochi",
        "conventions": {},
        "players": ["Anna", "Boris", "Vera"],
        "first_dealer": "Anna",
        "deals": [
            {
                "kind": "game",
                "declarer": "Boris",
                "contract": "6S",
                "whist": {"Vera": "whist", "Anna": "pass"},
                "tricks": {"Anna": 0, "Boris": declarer_tricks, "Vera": 10 - declarer_tricks},
            }
        ],
    }
    answer = client.post(
        "/api/v1/referee/preferans/score-deal/",
        json.dumps({"record": record, "lang": language}),
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    lines = [line["text"] for line in answer.json()["lines"]]
    found = [line for line in lines if "Vera" in line and "Boris" in line and "10 ×" not in line]
    return " ".join(found)


@pytest.mark.parametrize(
    ("language", "one", "four"),
    [("ru", "за 1 взятку", "за 4 взятки"), ("uk", "за 1 взятку", "за 4 взятки")],
)
def test_the_referee_counts_the_defenders_tricks_in_their_plural_form(client, language, one, four):
    assert one in _responsible_whist_line(client, language, 9)
    assert four in _responsible_whist_line(client, language, 6)


NEW_CONVENTIONS = (  # issue 34
    "lone_whist_duty",
    "check_9_10",
    "consolation",
    "allpass_zero_multiplied",
    "allpass_amnesty",
    "help",
    "bombs",
    "jumps",
    "jump_premium",
)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ru", ("Бомбы", "Амнистия", "Скачки", "помощь")),
        ("uk", ("Бомби", "Амністія", "Скачки", "допомога")),
    ],
)
def test_the_new_conventions_and_their_values_are_labelled_in_the_seeds_words(language, words):
    """The tournament form and the club presets list the registry's conventions with these
    labels: each new one and each of its words reads in the user's language."""
    from django.utils import translation

    from scoring.games.preferans.labels import CONVENTION_LABELS, VALUE_LABELS

    with translation.override(language):
        labels = {name: str(CONVENTION_LABELS[name]) for name in NEW_CONVENTIONS}
        values = [str(label) for label in VALUE_LABELS.values()]
        with translation.override("en"):
            english = {name: str(CONVENTION_LABELS[name]) for name in NEW_CONVENTIONS}
            english_values = [str(label) for label in VALUE_LABELS.values()]
    assert all(labels[name] != english[name] for name in NEW_CONVENTIONS), labels
    assert all(v != e for v, e in zip(values, english_values, strict=True)), values
    text = " ".join(labels.values())
    assert all(word in text for word in words), text
