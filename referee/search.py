"""Rule search without PostgreSQL: normalisation, a light stemmer and typo-tolerant matching.

People at the table type in Russian, Ukrainian or English, in slang ("висячка"), with
Ukrainian letters in Russian words ("вишка", "закритие") and with typos ("висячй"). Every
word is therefore *folded* (ё→е, ы/і/ї→и, є→е, ґ→г, apostrophes dropped), then stemmed by
stripping the commonest endings, and matched against each article's words exactly, by prefix,
or by trigram similarity. Titles and the per-article alias lists weigh more than the text,
and a query phrase found whole in a title or alias list gets a bonus.

PostgreSQL uses its own full-text search and pg_trgm instead (see `referee.selectors`).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

_FOLD = str.maketrans(
    {"ё": "е", "ы": "и", "і": "и", "ї": "и", "є": "е", "ґ": "г", "’": "", "'": "", "ʼ": ""}
)
_WORD = re.compile(r"[0-9a-zа-яёіїєґ’'ʼ:]+", re.IGNORECASE)

STOPWORDS = frozenset(
    """
    и а но или ли не ни на в во с со к ко по за из от до у о об при для что как это то так
    же бы ну можно нужно надо ли есть если когда кто где мне я ты он она мы вы они его ее их
    чи та але або що як це де хто коли мені я ти він вона ми ви вони його її їх треба
    можна чи не ні на в у з із до від за по про для при
    the a an of to in on at for is are be can i you it do does if or and not no with what
    who how when my your by as
    """.split()  # noqa: SIM905
)
STOPWORDS = frozenset(w.translate(_FOLD) for w in STOPWORDS)

# Longest first; an ending is stripped only if at least 3 letters stay.
_ENDINGS = sorted(
    """
    иями ями ами ого его ому ему ими ими ыми ая яя ое ее ие ые ой ей ий ый ую юю ом ем ам ям
    ах ях ов ев ею ою ови ть ти ет ит ут ют ат ят ешь ишь ся сь ция ции а я о е и ы у ю ь й
    ьи ья тя ться
    ing ed es s ly
    """.split(),  # noqa: SIM905
    key=len,
    reverse=True,
)
_ENDINGS = [e.translate(_FOLD) for e in _ENDINGS]


def fold(text: str) -> str:
    return text.lower().translate(_FOLD)


def stem(word: str) -> str:
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def words(text: str) -> list[str]:
    """Folded words of `text`, without stop words; "terz:KH" stays one word."""
    return [w for w in _WORD.findall(fold(text)) if w not in STOPWORDS]


def raw_words(text: str) -> list[str]:
    """Lower-cased words as typed (not folded), without stop words: for PostgreSQL."""
    return [w for w in _WORD.findall(text.lower()) if fold(w) not in STOPWORDS]


def stems(text: str) -> list[str]:
    return [stem(w) for w in words(text)]


def trigrams(term: str) -> frozenset[str]:
    padded = f"  {term} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Dice coefficient of two trigram sets."""
    if not a or not b:
        return 0.0
    return 2 * len(a & b) / (len(a) + len(b))


# Where a word is found: the alias list and the title say what an article is about.
WEIGHTS = {"keywords": 3.0, "title": 3.0, "text": 1.0}
PHRASE_BONUS = 4.0
FUZZY_MIN = 0.62
# A search that finds nothing suggests the articles of the words nearest the ones asked: a
# looser likeness than the search's own (a word farther from the rulebook's), any length.
SUGGEST_MIN = 0.5


@dataclass
class Doc:
    id: str
    fields: dict[str, Counter] = field(default_factory=dict)
    phrases: list[str] = field(default_factory=list)  # folded titles and aliases


@dataclass
class RuleIndex:
    """An in-memory index of the articles: stems per field, document frequencies, trigrams."""

    docs: list[Doc]
    df: Counter
    grams: dict[str, frozenset[str]]

    @classmethod
    def build(cls, rows: Iterable[dict[str, str]]) -> RuleIndex:
        """`rows`: per article its id and, per language, title, keywords and text."""
        docs: list[Doc] = []
        df: Counter = Counter()
        for row in rows:
            doc = Doc(id=row["id"])
            for kind in WEIGHTS:
                bag: Counter = Counter()
                for lang in ("ru", "uk", "en"):
                    bag.update(stems(row.get(f"{kind}_{lang}", "")))
                doc.fields[kind] = bag
            for lang in ("ru", "uk", "en"):
                doc.phrases.append(" ".join(words(row.get(f"title_{lang}", ""))))
                doc.phrases.extend(
                    " ".join(words(alias))
                    for alias in row.get(f"keywords_{lang}", "").split(",")
                    if alias.strip()
                )
            df.update(set().union(*(set(bag) for bag in doc.fields.values())))
            docs.append(doc)
        grams = {term: trigrams(term) for term in df}
        return cls(docs=docs, df=df, grams=grams)

    def _idf(self, term: str) -> float:
        return math.log(1 + len(self.docs) / (1 + self.df[term]))

    def expand(
        self, token: str, *, fuzzy_min: float = FUZZY_MIN, length_gap: int | None = 3
    ) -> dict[str, float]:
        """The index terms a query stem stands for, with how sure we are (1 = exact):
        itself, a term it starts (or that starts it), a term alike by trigrams (`fuzzy_min`,
        at most `length_gap` letters longer or shorter; None: any)."""
        out: dict[str, float] = {}
        if token in self.df:
            out[token] = 1.0
        token_grams = trigrams(token)
        for term, grams in self.grams.items():
            if term == token:
                continue
            prefix = term.startswith(token) or token.startswith(term)
            if prefix and min(len(term), len(token)) >= 4:
                out[term] = max(out.get(term, 0), 0.85)
                continue
            sim = similarity(token_grams, grams)
            near = length_gap is None or abs(len(term) - len(token)) <= length_gap
            if sim >= fuzzy_min and near:
                out[term] = max(out.get(term, 0), sim * 0.9)
        return out

    def search(self, query: str, limit: int = 10) -> list[tuple[str, float]]:
        tokens = list(dict.fromkeys(stems(query)))
        if not tokens:
            return []
        return self._ranked(query, tokens, {t: self.expand(t) for t in tokens}, limit)

    def near(self, query: str, limit: int = 5) -> list[tuple[str, float]]:
        """For a search that found nothing: the articles of the rulebook's words nearest the
        ones asked (trigram likeness from `SUGGEST_MIN`), best first; [] when none is near."""
        tokens = list(dict.fromkeys(stems(query)))
        expansions = {t: self.expand(t, fuzzy_min=SUGGEST_MIN, length_gap=None) for t in tokens}
        if not any(expansions.values()):
            return []
        return self._ranked(query, tokens, expansions, limit)

    def _ranked(
        self,
        query: str,
        tokens: list[str],
        expansions: dict[str, dict[str, float]],
        limit: int,
    ) -> list[tuple[str, float]]:
        phrase = " ".join(words(query))
        scores: dict[str, float] = defaultdict(float)
        for doc in self.docs:
            total = 0.0
            matched = 0
            for token in tokens:
                best = 0.0
                for term, sure in expansions[token].items():
                    for kind, weight in WEIGHTS.items():
                        count = doc.fields[kind].get(term, 0)
                        if count:
                            # An alias list or a title names a thing once; repeating it there
                            # says nothing more. In the text, frequency counts (dampened).
                            tf = 1 + math.log(count) if kind == "text" else 1.0
                            score = weight * sure * sure * self._idf(term) * tf
                            best = max(best, score)
                if best:
                    matched += 1
                    total += best
            if not matched:
                continue
            # Articles that answer every word of the question come first.
            total *= (matched / len(tokens)) ** 2
            total += PHRASE_BONUS * max(len(tokens), 1.5) * self._phrase_match(phrase, doc)
            scores[doc.id] = total
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        return ranked[:limit]

    @staticmethod
    def _phrase_match(phrase: str, doc: Doc) -> float:
        """How well the whole question names this article: 1 when it is one of its titles or
        aliases, less when an alias contains it, or when it is close to one despite typos
        ("висячй байт", "hangng bite")."""
        if not phrase:
            return 0.0
        grams = trigrams(phrase)
        best = 0.0
        for candidate in doc.phrases:
            if not candidate:
                continue
            if candidate == phrase:
                return 1.0
            if len(phrase) >= 5 and phrase in candidate:
                best = max(best, 0.7 * len(phrase) / len(candidate))
            if len(phrase) >= 6:
                sim = similarity(grams, trigrams(candidate))
                if sim >= 0.55:
                    best = max(best, 0.8 * sim)
        return best


def vocabulary_hits(query: str, vocabulary: Mapping[str, Sequence[str]]) -> list[str]:
    """The articles a game's own words (`RefereeParts.search_words`: words players use that
    no article names) give the query, in the vocabulary's order: a query word that is one of
    them, or a typo of one (the search's own likeness)."""
    asked = [(token, trigrams(token)) for token in dict.fromkeys(stems(query))]
    found: list[str] = []
    for word, ids in vocabulary.items():
        for known in stems(word):
            grams = trigrams(known)
            if any(
                token == known
                or (
                    similarity(token_grams, grams) >= FUZZY_MIN
                    and abs(len(token) - len(known)) <= 3
                )
                for token, token_grams in asked
            ):
                found.extend(i for i in ids if i not in found)
                break
    return found
