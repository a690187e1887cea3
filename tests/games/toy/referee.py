"""High card at the referee desk (`referee.games.base.RefereeParts`): two rulebook articles,
one violation (a miscount), no tools."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.games.base import RefereeParts, ToolPage, ViolationEntry
from referee.games.kinds import Label, ViolationKind
from referee.rulebook.base import RuleArticle


def _article(id: str, title: tuple[str, str, str], text: tuple[str, str, str]) -> RuleArticle:
    langs = ("ru", "uk", "en")
    return RuleArticle(
        id=id,
        title=dict(zip(langs, title, strict=True)),
        text=dict(zip(langs, text, strict=True)),
        keywords=dict(zip(langs, title, strict=True)),
        conventions=("target",) if id.endswith("winning") else (),
        source="High card, the club's house rules",
        game="highcard",
    )


ARTICLES: tuple[RuleArticle, ...] = (
    _article(
        "highcard_rules.deal",
        ("Сдача в старшую карту", "Роздача в старшу карту", "A deal of high card"),
        (
            "Каждый игрок записывает за сдачу от 0 до 13 очков.",
            "Кожен гравець записує за роздачу від 0 до 13 очок.",
            "Each player writes 0 to 13 points for the deal.",
        ),
    ),
    _article(
        "highcard_rules.winning",
        ("Победа в старшей карте", "Перемога в старшій карті", "Winning high card"),
        (
            "Побеждает первый, кто набрал цель; при равенстве побеждает старший счёт.",
            "Перемагає перший, хто набрав ціль; за рівності перемагає вищий рахунок.",
            "The first to reach the target wins; on a tie, the highest total.",
        ),
    ),
)

KINDS: tuple[ViolationKind, ...] = (
    ViolationKind("miscount", "Miscount", ("highcard_rules.deal",)),
)


class HighCardReferee:
    game: str = "highcard"
    sections: Mapping[str, Label] = {"highcard_rules": "High card: the rules"}
    articles: Sequence[RuleArticle] = ARTICLES
    convention_section: str = "highcard_conventions"
    presets_section: str = "highcard_presets"
    violation_kinds: Sequence[ViolationKind] = KINDS
    tool_pages: Sequence[ToolPage] = ()
    conventions_title: Label = "High card conventions"
    value_words: Mapping[str, Mapping[str, tuple[str, str, str]]] = {}
    preset_names = {"short": ("короткая", "коротка", "short"), "long": ("длинная", "довга", "long")}
    search_words: Mapping[str, Sequence[str]] = {"старшая": ("highcard_rules.deal",)}
    first_questions: Sequence[str] = ("highcard_rules.deal",)

    def violation_entry(
        self, *, kind: ViolationKind, player: str, count: int | None, taken_by: str | None
    ) -> ViolationEntry:
        return {"player": player, "kind": kind.key}


PARTS: RefereeParts = HighCardReferee()
