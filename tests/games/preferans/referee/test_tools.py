"""The referee's Preferans tools on the worked examples of the rules (preferans-rules.md §11):
"score this deal" says what each player writes and why, citing the articles; "settle this
pulka" settles step by step; the API answers coded errors."""

from __future__ import annotations

import json

import pytest

from tests.paths import TESTS

pytestmark = pytest.mark.django_db

EXAMPLES = TESTS / "data" / "examples"
SAMPLE = json.loads((EXAMPLES / "preferans-sochi-4-deals.json").read_text())
PLAYERS = ["Anna", "Boris", "Vera"]  # A, B, C of the worked examples; Anna deals first


def _post(client, path, body):
    return client.post(
        f"/api/v1/referee/preferans/{path}/", json.dumps(body), content_type="application/json"
    )


def _record(*deals, ruleset="sochi", conventions=None, players=PLAYERS):
    return {
        "ruleset": ruleset,
        "conventions": conventions or {},
        "players": players,
        "first_dealer": players[0],
        "deals": list(deals),
    }


def _game(declarer, contract, whist, tricks):
    return {
        "kind": "game",
        "declarer": declarer,
        "contract": contract,
        "whist": whist,
        "tricks": tricks,
    }


def _texts(body):
    return " ".join(line["text"] for line in body["lines"])


def test_example_1_a_six_made_against_a_responsible_whister(client):
    body = _post(client, "score-deal", {"record": _record(SAMPLE["deals"][0]), "lang": "en"})
    assert body.status_code == 200
    body = body.json()
    assert body["outcome"] == "made"
    assert body["pool"] == {"Boris": 2} and body["whists"] == {"Vera": {"Boris": 8}}
    assert body["balance"] == {"Anna": -6, "Boris": 5, "Vera": 1}
    assert "Vera writes for both defenders' 4 tricks: 8 whists on Boris." in _texts(body)
    assert [line["reason"] for line in body["lines"]] == ["game", "whists_responsible"]
    assert {"preferans_scoring.made", "preferans_scoring.whists"} <= set(body["articles"])


def test_example_2_a_seven_two_down_with_two_whisters_brings_consolation_8_each(client):
    body = _post(
        client, "score-deal", {"record": _record(*SAMPLE["deals"][:2]), "lang": "en"}
    ).json()
    assert body["outcome"] == "remise" and body["declarer"] == "Vera"
    assert body["mountain"] == {"Vera": 8}
    assert body["whists"] == {"Anna": {"Vera": 20}, "Boris": {"Vera": 16}}
    texts = _texts(body)
    assert "Vera took 5 on a 7♥: a remise, 8 into the mountain." in texts
    assert "Consolation: Anna writes 8 whists on Vera." in texts
    assert "Consolation: Boris writes 8 whists on Vera." in texts
    # The engine's order: the remise, the whists for tricks, then the consolation.
    assert [line["reason"] for line in body["lines"]] == [
        "remise",
        "whists",
        "whists",
        "consolation",
        "consolation",
    ]
    assert "preferans_scoring.consolation" in body["articles"]
    assert "preferans_scoring.remise" in body["articles"]


def test_example_3_an_all_pass_and_a_player_without_a_trick(client):
    body = _post(client, "score-deal", {"record": _record(*SAMPLE["deals"][:3])}).json()
    assert body["outcome"] == "allpass" and body["allpass_multiplier"] == 1
    assert body["mountain"] == {"Anna": 4, "Vera": 6} and body["pool"] == {"Boris": 1}
    assert "preferans_scoring.allpass_zero" in body["articles"]


def test_example_4_an_eight_after_the_all_pass(client):
    body = _post(client, "score-deal", {"record": _record(*SAMPLE["deals"])}).json()
    assert body["pool"] == {"Boris": 6} and body["whists"] == {"Vera": {"Boris": 12}}


@pytest.mark.parametrize(("ruleset", "whister_mountain"), [("sochi", 4), ("leningrad", 4)])
def test_example_5_a_lone_whisters_shortfall(client, ruleset, whister_mountain):
    deal = _game(
        "Boris", "6C", {"Vera": "whist", "Anna": "pass"}, {"Boris": 8, "Vera": 1, "Anna": 1}
    )
    body = _post(client, "score-deal", {"record": _record(deal, ruleset=ruleset)}).json()
    assert body["mountain"] == {"Vera": whister_mountain}
    assert "preferans_scoring.shortfall" in body["articles"]


def test_example_6_two_whisters_the_one_below_his_share_writes_the_shortfall(client):
    deal = _game(
        "Boris", "6H", {"Vera": "whist", "Anna": "whist"}, {"Boris": 7, "Vera": 2, "Anna": 1}
    )
    body = _post(client, "score-deal", {"record": _record(deal), "lang": "ru"}).json()
    assert body["mountain"] == {"Anna": 2}
    assert "недобор" in _texts(body).lower() or "недовист" in _texts(body).lower()


@pytest.mark.parametrize(
    ("tricks", "pool", "mountain"), [(2, {}, {"Boris": 20}), (0, {"Boris": 10}, {})]
)
def test_example_7_misere(client, tricks, pool, mountain):
    deal = {
        "kind": "misere",
        "declarer": "Boris",
        "tricks": {"Boris": tricks, "Vera": 5, "Anna": 5 - tricks},
    }
    body = _post(client, "score-deal", {"record": _record(deal)}).json()
    assert body["pool"] == pool and body["mountain"] == mountain
    assert body["articles"] == ["preferans_scoring.misere"]


def test_example_8_help_when_the_pool_is_full(client):
    # Target 10. Anna 3 (a six and a half: a six made, a no-trick all-pass), Vera 10, Boris 8.
    deals = [
        _game("Vera", "10S", {"Anna": "pass", "Boris": "pass"}, {}),  # Vera 10 (not played)
        _game("Boris", "9S", {"Vera": "pass", "Anna": "pass"}, {}),  # Boris 8
        _game("Anna", "6S", {"Boris": "pass", "Vera": "pass"}, {}),  # Anna 2
        {"kind": "allpass", "tricks": {"Anna": 0, "Boris": 5, "Vera": 5}},  # Anna +1
        _game("Boris", "7H", {"Vera": "pass", "Anna": "pass"}, {}),  # Boris 4: 2 over
    ]
    body = _post(
        client, "score-deal", {"record": _record(*deals, conventions={"pool_target": 10})}
    ).json()
    assert body["help"] == [{"from": "Boris", "to": "Anna", "points": 2}]
    assert body["whists"] == {"Boris": {"Anna": 20}}
    assert "preferans_pulka.pool" in body["articles"]
    # The deal's write, then the sheet's: the points over the target, the help, its whists.
    assert [line["reason"] for line in body["lines"] if line["reason"]] == [
        "not_played",
        "pool_over",
        "help",
        "help_whists",
    ]
    assert "Boris's pool is full: the 2 points over the target leave it." in _texts(body)
    assert "Boris writes 20 whists on Anna for the help." in _texts(body)


def test_the_settlement_step_by_step_after_example_1(client):
    body = _post(client, "settle", {"record": _record(SAMPLE["deals"][0]), "lang": "en"}).json()
    assert body["mountain"] == {"Anna": 20, "Boris": 18, "Vera": 20}
    assert body["average_mountain"] == "19 1/3"
    assert body["mountain_whists"] == {"Anna": "−6 2/3", "Boris": "13 1/3", "Vera": "−6 2/3"}
    assert body["exact"] == {"Anna": "−6 2/3", "Boris": "5 1/3", "Vera": "1 1/3"}
    assert body["balance"] == {"Anna": -6, "Boris": 5, "Vera": 1} == body["engine_balance"]
    assert [step["step"] for step in body["steps"]] == [1, 2, 3, 4]
    assert "first dealer (Anna)" in body["steps"][3]["note"]


def test_the_settlement_of_a_typed_sheet_matches_the_engine(client):
    sheet = {
        "players": PLAYERS,
        "first_dealer": "Anna",
        "ruleset": "sochi",
        "pool": {"Boris": 2},
        "whists": {"Vera": {"Boris": 8}},
    }
    body = _post(client, "settle", sheet).json()
    assert body["balance"] == {"Anna": -6, "Boris": 5, "Vera": 1}
    whole = _post(client, "settle", {"record": _record(*SAMPLE["deals"])}).json()
    assert whole["balance"] == whole["engine_balance"]
    assert sum(whole["balance"].values()) == 0


def test_a_typed_pool_above_the_target_is_refused_at_its_field(client):
    sheet = {"players": PLAYERS, "ruleset": "sochi", "pool": {"Vera": 21}}
    response = _post(client, "settle", sheet)
    assert response.status_code == 400
    assert {"field": "pool.Vera", "code": "bad_number"}.items() <= response.json()["errors"][
        0
    ].items()


@pytest.mark.parametrize(
    ("path", "body", "field", "code"),
    [
        ("score-deal", {"record": _record()}, "deals", "no_deal"),
        ("score-deal", [1, 2], None, "bad_format"),
        ("score-deal", {"record": "x"}, "record", "bad_format"),
        (
            "score-deal",
            {
                "record": _record(
                    _game(
                        "Boris",
                        "7H",
                        {"Vera": "whist", "Anna": "pass"},
                        {"Boris": 7, "Vera": 2, "Anna": 2},
                    )
                )
            },
            "deals[0].tricks",
            "tricks_sum",
        ),
        (
            "score-deal",
            {"record": _record(SAMPLE["deals"][0], ruleset="moscow")},
            "ruleset",
            "bad_convention",
        ),
        ("settle", {"players": ["Anna", "Boris"]}, "players", "bad_players"),
        ("settle", {"players": PLAYERS, "pool": {"Anna": -1}}, "pool.Anna", "bad_number"),
        ("settle", {"players": PLAYERS, "pool": {"Olga": 3}}, "Olga", "unknown_player"),
        (
            "settle",
            {"players": PLAYERS, "conventions": {"whist_split": "x"}},
            "conventions.whist_split",
            "bad_convention",
        ),
    ],
)
def test_the_api_answers_coded_errors(client, path, body, field, code):
    response = _post(client, path, body)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"field", "code", "message"} <= set(errors[0])
    assert (errors[0]["field"], errors[0]["code"]) == (field, code)


# --- pages ------------------------------------------------------------------------------------


def test_the_score_deal_page_scores_a_stand_alone_deal_from_selects_and_numbers(client):
    response = client.post(
        "/referee/preferans/score-deal/",
        {
            "ruleset": "sochi",
            "players": "Anna, Boris, Vera",
            "first_dealer": "1",  # Boris deals: Vera declares, Anna and Boris defend
            "kind": "game",
            "declarer": "2",
            "level": "7",
            "suit": "H",
            "whist_0": "whist",
            "whist_1": "whist",
            "tricks_0": "3",
            "tricks_1": "2",
            "tricks_2": "5",
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    answer = response.context["answer"]
    assert answer["whists"] == {"Anna": {"Vera": 20}, "Boris": {"Vera": 16}}
    page = response.content.decode()
    assert 'data-testid="writes"' in page and "preferans_scoring.consolation" in page


def test_the_pages_show_their_forms(client):
    for path in (
        "/referee/preferans/score-deal/",
        "/referee/preferans/settle/",
        "/referee/preferans/conventions/",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "{&quot;" not in response.content.decode()  # no JSON to type


def test_the_settle_page_settles_a_typed_sheet(client):
    response = client.post(
        "/referee/preferans/settle/",
        {
            "ruleset": "sochi",
            "players": "Anna, Boris, Vera",
            "first_dealer": "0",
            "pool_1": "2",
            "whists_2_1": "8",
        },
    )
    assert response.context["answer"]["balance"] == {"Anna": -6, "Boris": 5, "Vera": 1}
    assert 'data-testid="step-4"' in response.content.decode()


# --- every reason adds up to the engine's writes ---------------------------------------------


def _summed(lines):
    from collections import defaultdict
    from fractions import Fraction

    columns = {"pool": defaultdict(Fraction), "mountain": defaultdict(Fraction)}
    whists = defaultdict(Fraction)
    for line in lines:
        for write in line["writes"]:
            if write["column"] == "whists":
                whists[(write["player"], write["on"])] += write["amount"]
            else:
                columns[write["column"]][write["player"]] += write["amount"]
    return (
        {p: v for p, v in columns["pool"].items() if v},
        {p: v for p, v in columns["mountain"].items() if v},
        {pair: v for pair, v in whists.items() if v},
    )


@pytest.mark.parametrize("seed", range(6))
def test_the_narrated_amounts_add_up_to_the_engines_sheet_change_on_random_pulkas(seed):
    """On random pulkas (three or four players, every preset, variants of whist, shortfall,
    the obligation on an eight, a short pool with its help, all-pass write-offs, renonces
    single and both at once), the amounts the referee tells for each deal add up, player by
    player and column by column, to what the engine changed on the sheet: the tool narrates
    the engine's writes and computes none of its own."""
    import random

    from referee.games.preferans.tools import preferans_score_deal
    from scoring.games.preferans.engine import simulate

    rng = random.Random(seed)
    checked = 0
    for _ in range(4):
        players = ["A", "B", "C", "D"][: rng.choice([3, 4])]
        ruleset = rng.choice(["sochi", "leningrad", "rostov"])
        conventions = rng.choice(
            [
                {},
                {"whist_split": "halves"},
                {"shortfall": "shared"},
                {"ten_checked": False},
                {"obligation_8": 2},
                {"pool_target": 10},
                {"pool_target": 10, "allpass_zero": "mountain_off"},
                {"allpass_scoring": "whists"},
            ]
        )
        record = simulate.random_pulka(rng, players, ruleset, conventions, 30)
        for k in range(1, len(record["deals"]) + 1):
            answer = preferans_score_deal(record={**record, "deals": record["deals"][:k]})
            engine = (
                answer["pool"],
                answer["mountain"],
                {(p, q): v for p, row in answer["whists"].items() for q, v in row.items()},
            )
            assert _summed(answer["lines"]) == engine, answer["lines"]
            assert all(line["text"] for line in answer["lines"])
            checked += 1
    assert checked > 20


def test_a_write_off_stopped_at_zero_and_help_off_the_own_mountain_are_told(client):
    """The sheet's own writes are narrated too: an all-pass write-off on an empty mountain
    (not below 0), and points over a full pool that nobody can take, written off the
    writer's mountain."""
    deals = [
        {"kind": "allpass", "tricks": {"Anna": 0, "Boris": 4, "Vera": 6}},
    ]
    body = _post(
        client,
        "score-deal",
        {"record": _record(*deals, conventions={"allpass_zero": "mountain_off"}), "lang": "en"},
    ).json()
    assert body["mountain"] == {"Boris": 4, "Vera": 6}
    assert [line["reason"] for line in body["lines"]] == [
        None,
        "allpass_zero_off",
        "allpass_tricks",
        "allpass_tricks",
        "mountain_floor",
    ]
    assert "Anna took no trick: 1 off the mountain." in _texts(body)
    assert "Anna's mountain does not go below 0: 1 of the write-off is not taken." in _texts(body)
    assert _summed(body["lines"]) == ({}, {"Boris": 4, "Vera": 6}, {})


_RENONCE = {"kind": "renonce", "count": 1}


@pytest.mark.parametrize(
    ("deal", "conventions"),
    [
        # Example 9: one whister, one down: Vera writes Anna's consolation too.
        (
            _game(
                "Boris", "7H", {"Vera": "whist", "Anna": "pass"}, {"Anna": 1, "Boris": 6, "Vera": 3}
            ),
            {},
        ),
        # Example 10: a checked ten failed, "за вист пополам".
        (
            _game(
                "Boris",
                "10NT",
                {"Vera": "check", "Anna": "check"},
                {"Anna": 1, "Boris": 9, "Vera": 0},
            ),
            {},
        ),
        # obligation_8 = 2: a lone whister's shortfall on an eight.
        (
            _game(
                "Boris", "8D", {"Vera": "whist", "Anna": "pass"}, {"Anna": 0, "Boris": 9, "Vera": 1}
            ),
            {"obligation_8": 2},
        ),
        # Kodex 30: the declarer writes the defenders' shortfall.
        (
            {
                **_game(
                    "Boris",
                    "6C",
                    {"Vera": "whist", "Anna": "pass"},
                    {"Anna": 1, "Boris": 8, "Vera": 1},
                ),
                "violation": {"player": "Boris", **_RENONCE},
            },
            {},
        ),
        # Kodex 31: a defender pays per trick short and per renonce.
        (
            {
                **_game(
                    "Boris",
                    "6S",
                    {"Vera": "whist", "Anna": "whist"},
                    {"Anna": 3, "Boris": 4, "Vera": 3},
                ),
                "violation": {"player": "Vera", **_RENONCE},
            },
            {},
        ),
        # Kodex 33: both erred.
        (
            {
                **_game(
                    "Boris",
                    "6S",
                    {"Vera": "whist", "Anna": "pass"},
                    {"Anna": 2, "Boris": 5, "Vera": 3},
                ),
                "violation": [{"player": "Boris", **_RENONCE}, {"player": "Vera", **_RENONCE}],
            },
            {},
        ),
        # Kodex 65: a defender's renonce on a misère.
        (
            {
                "kind": "misere",
                "declarer": "Boris",
                "tricks": {"Anna": 5, "Boris": 2, "Vera": 3},
                "violation": {"player": "Anna", **_RENONCE},
            },
            {},
        ),
        # Kodex 54: an all-pass renonce.
        (
            {
                "kind": "allpass",
                "tricks": {"Anna": 4, "Boris": 0, "Vera": 6},
                "violation": {"player": "Vera", "kind": "renonce", "count": 2},
            },
            {},
        ),
    ],
)
def test_the_reasons_of_the_corrected_rules_add_up_to_the_engines(client, deal, conventions):
    """Kodex 33: "играющий и вистующий ставят по одному ремизу за каждый сделанный ими
    ренонс" — the referee's reasons name the same writes as the engine for every corrected
    rule: consolation, a checked ten, `obligation_8`, renonces."""
    body = _post(
        client,
        "score-deal",
        {"record": _record(deal, conventions=conventions), "lang": "ru"},
    ).json()
    engine = (
        body["pool"],
        body["mountain"],
        {(p, q): v for p, row in body["whists"].items() for q, v in row.items()},
    )
    assert _summed(body["lines"]) == engine, body["lines"]
    assert "preferans_scoring.violations" in body["articles"] or "violation" not in deal
    if isinstance(deal.get("violation"), list):
        assert "Кодекс, п. 33" in _texts(body)  # the reasons in the asker's language


def test_the_score_deal_page_takes_both_renonces_and_the_half_whist_answer(client):
    """Kodex 23: "первый может сказать «фиг тебе, играем» и тем самым идет вист"; Kodex 33:
    the declarer's and a defender's renonces in one game."""
    fields = {
        "ruleset": "sochi",
        "players": "Anna, Boris, Vera",
        "first_dealer": "0",  # Anna deals: Boris declares, Vera and Anna defend
        "kind": "game",
        "declarer": "1",
        "level": "6",
        "suit": "S",
        "whist_2": "pass",
        "whist_0": "half",
        "half_answered": "on",
        "tricks_0": "2",
        "tricks_1": "5",
        "tricks_2": "3",
        "violator": "1",
        "violator2": "2",
    }
    page = client.get("/referee/preferans/score-deal/").content.decode()
    assert 'name="violator2"' in page and 'name="half_answered"' in page
    response = client.post("/referee/preferans/score-deal/", fields, HTTP_ACCEPT_LANGUAGE="en")
    answer = response.context["answer"]
    # Played with Vera's whist and Anna's pass; both erred: remise 2 + renonce 2 for Boris,
    # 2 for Vera, Anna's 2 tricks × 2 halved on each.
    assert answer["outcome"] == "remise"
    assert answer["mountain"] == {"Boris": 4, "Vera": 2}
    assert answer["whists"] == {"Anna": {"Boris": 2, "Vera": 2}}
    unanswered = client.post(
        "/referee/preferans/score-deal/",
        {k: v for k, v in fields.items() if k not in ("half_answered", "violator", "violator2")},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert unanswered.context["answer"]["outcome"] == "half_whist"


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_every_reason_the_engine_writes_has_words_and_articles(lang):
    """A new reason code in the engine without words here would show its raw code."""
    from django.utils import translation

    from referee.games.preferans import tools
    from scoring.games.preferans.engine import deal

    reasons = {v for k, v in vars(deal).items() if k.startswith("R_") and isinstance(v, str)}
    assert reasons == set(tools._ARTICLES)
    values = {
        "player": "Anna",
        "on": "Boris",
        "amount": 8,
        "points": 2,
        "contract": "7♥",
        "took": 3,
        "took_on": 4,
        "count": 1,
        "defence": 4,
    }
    for reason in sorted(reasons):
        for counted in (False, True):
            with translation.override("en"):
                english = tools._reason_text(reason, values, counted)
            with translation.override(lang):
                text = tools._reason_text(reason, values, counted)
            assert text != reason and "%(" not in text, (reason, text)
            assert "Anna" in text, (reason, text)
            assert lang == "en" or text != english, (reason, text)  # translated
