"""Fuzzy search over the catalogue: what a user types in the browser or pastes to `lookup`.

Each entry is known by several texts (id, signature, aliases, tags, error code, root cause, the
Chinese signature, and optionally the user's notes). A text scores by how well its words and
the query's words cover each other:

* every query word is looked up among the words of all texts: exactly, as a prefix of a longer
  word ("crashloop" in "crashloopbackoff"), or as a close misspelling ("timout", "eresolv");
* `query coverage` is how much of the query (by characters; filler words such as "the" and
  single letters do not count) one text explains; `text coverage` is how much of that text the query explains. The score is
  mostly the first, scaled by the second, so "cuda oom" finds the alias "CUDA OOM" before the
  tag "oom", and a long text that shares one word with a long query scores little.

A whole-text likeness (`fuzz.ratio`) also counts, so a pasted line with typos in every word
still finds the entry whose wording it nearly repeats.

The best-scoring text decides the entry's score (weighted: names over prose); entries with equal
scores are ordered by how many of their texts agree with the query, then by id. A query that
is, word for word, an entry's signature, alias, error code or id puts that entry first (with
1,400 entries several can cover every word of "ZeroDivisionError: division by zero").
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import islice

from rapidfuzz import fuzz, process, utils

from triage_app.core import own_regex

MIN_SCORE = 0.6
_WEIGHTS = {
    "id": 1.0,
    "alias": 1.0,
    "tag": 0.95,
    "signature": 0.95,
    "signature_zh": 0.9,
    "error_code": 1.0,
    "root_cause": 0.8,
    "note": 0.9,
}
WHOLE_TEXT_CHARS = 400
MAX_QUERY_WORDS = 48
TYPO_CUTOFF = 75  # fuzz.ratio of two words, for a word of 4+ characters to count as a typo
_STOPWORDS = frozenset(
    "a an the of to in on at is are was be by for and or not no it its this that with as from "
    "was were has have had".split()
)
_CAMEL = own_regex.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_CJK = own_regex.compile(r"([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])")


@dataclass(frozen=True)
class SearchHit:
    """An entry found by a query, with the field that matched best."""

    entry_id: str
    score: float
    field: str
    text: str


# A query that is, word for word, one of these texts of an entry names that entry first.
_EXACT_FIELDS = frozenset({"signature", "alias", "error_code", "signature_zh", "id"})


def _process(text: str) -> str:
    return utils.default_process(_CJK.sub(r" \1 ", text))


def _variants(text: str) -> list[str]:
    """The text as words, and again with CamelCase split ("ModuleNotFoundError")."""
    plain = _process(text)
    split = _process(_CAMEL.sub(" ", text))
    return [v for v in dict.fromkeys((plain, split)) if v]


def _content(word: str) -> bool:
    """Whether a word carries meaning for the word-by-word comparison."""
    return (len(word) >= 2 or _CJK.match(word) is not None) and word not in _STOPWORDS


class CatalogSearch:
    """Index the texts of every entry once; answer queries in a few milliseconds."""

    def __init__(self, entries: Iterable, notes: Mapping[str, Iterable[str]] | None = None):
        self._owners: list[tuple[str, str, str]] = []  # (entry id, field, original text)
        self._choices: list[str] = []  # processed text of each choice
        self._choice_weight: list[int] = []
        self._vocab: dict[str, int] = {}
        self._words: list[str] = []
        self._holders: list[list[int]] = []  # word id -> choices holding it
        self._sorted_words: list[str] | None = None
        self._similar_cache: dict[str, dict[int, float]] = {}
        for entry in entries:
            self._add(entry.id, "id", entry.id.replace("/", " ").replace("-", " "))
            self._add(entry.id, "signature", entry.signature)
            self._add(entry.id, "root_cause", entry.root_cause)
            if entry.get("signature_zh"):
                self._add(entry.id, "signature_zh", str(entry.get("signature_zh")))
            if entry.get("error_code"):
                self._add(entry.id, "error_code", str(entry.get("error_code")))
            for alias in entry.get("aliases", []):
                self._add(entry.id, "alias", alias)
            for tag in entry.get("tags", []):
                self._add(entry.id, "tag", tag)
        for entry_id, texts in (notes or {}).items():
            for text in texts:
                self._add(entry_id, "note", text)

    def _add(self, entry_id: str, field: str, text: str) -> None:
        for processed in _variants(text):
            index = len(self._choices)
            word_ids = []
            for word in dict.fromkeys(w for w in processed.split() if _content(w)):
                word_id = self._vocab.get(word)
                if word_id is None:
                    word_id = self._vocab[word] = len(self._words)
                    self._words.append(word)
                    self._holders.append([])
                self._holders[word_id].append(index)
                word_ids.append(word_id)
            self._owners.append((entry_id, field, text))
            self._choices.append(processed)
            self._choice_weight.append(max(1, sum(len(self._words[w]) for w in word_ids)))

    # -- scoring ----------------------------------------------------------------------------

    def _similar_words(self, word: str) -> dict[int, float]:
        """Word id -> similarity 0..1 for the vocabulary words that `word` may mean."""
        cached = self._similar_cache.get(word)
        if cached is not None:
            return cached
        if len(self._similar_cache) > 20_000:
            self._similar_cache.clear()
        found: dict[int, float] = {}
        self._similar_cache[word] = found
        exact = self._vocab.get(word)
        if exact is not None:
            found[exact] = 1.0
        if len(word) >= 3:
            if self._sorted_words is None:
                self._sorted_words = sorted(self._vocab)
            start = bisect_left(self._sorted_words, word)
            for other in islice(self._sorted_words, start, None):
                if not other.startswith(word):
                    break
                if other != word:
                    word_id = self._vocab[other]
                    found[word_id] = max(
                        found.get(word_id, 0.0), 0.85 + 0.1 * len(word) / len(other)
                    )
        if len(word) >= 4:
            for other, raw, word_id in process.extract(
                word, self._words, scorer=fuzz.ratio, score_cutoff=TYPO_CUTOFF, limit=None
            ):
                if other != word:
                    found[word_id] = max(found.get(word_id, 0.0), raw / 100 * 0.97)
        return found

    def _score_choices(self, query: str) -> dict[int, float]:
        """Choice index -> 0..1 for every choice that is like `query` or shares words with it."""
        # The whole-text likeness costs query length x catalogue size: a long paste is
        # compared by its first WHOLE_TEXT_CHARS characters (the words below cover the rest).
        scores = {
            choice: raw / 100
            for _text, raw, choice in process.extract(
                query[:WHOLE_TEXT_CHARS],
                self._choices,
                scorer=fuzz.ratio,
                score_cutoff=50,
                limit=None,
            )
        }
        words = [w for w in dict.fromkeys(query.split()) if _content(w)][:MAX_QUERY_WORDS]
        if not words:  # nothing to look up word by word: only the whole-text likeness counts
            return scores
        total = sum(len(w) for w in words)
        covered: dict[int, float] = defaultdict(float)  # choice -> query characters it explains
        best_for_word: dict[int, float] = {}  # vocabulary word -> best similarity to the query
        for word in words:
            here: dict[int, float] = {}
            for word_id, sim in self._similar_words(word).items():
                if sim > best_for_word.get(word_id, 0.0):
                    best_for_word[word_id] = sim
                for choice in self._holders[word_id]:
                    if sim > here.get(choice, 0.0):
                        here[choice] = sim
            for choice, sim in here.items():
                covered[choice] += len(word) * sim
        explained: dict[int, float] = defaultdict(float)  # choice -> its characters matched
        for word_id, sim in best_for_word.items():
            weight = len(self._words[word_id]) * sim
            for choice in self._holders[word_id]:
                explained[choice] += weight
        for choice, chars in covered.items():
            text_cov = min(1.0, explained[choice] / self._choice_weight[choice])
            score = chars / total * (0.8 + 0.2 * text_cov)
            if score > scores.get(choice, 0.0):
                scores[choice] = score
        return scores

    def search(
        self, query: str, *, limit: int | None = 50, min_score: float = MIN_SCORE
    ) -> list[SearchHit]:
        """Entries ranked for `query`, best first (see the module doc)."""
        variants = _variants(query[:2000])
        if not variants:
            return []
        scores: dict[int, float] = {}
        for variant in variants:
            for choice, score in self._score_choices(variant).items():
                scores[choice] = max(scores.get(choice, 0.0), score)
        best: dict[str, SearchHit] = {}
        support: dict[str, dict[str, float]] = defaultdict(dict)  # entry -> text -> score
        wanted = set(variants)
        exact: set[str] = set()  # entries whose own name for the error is the query, verbatim
        for choice, raw in scores.items():
            entry_id, field, text = self._owners[choice]
            if field in _EXACT_FIELDS and self._choices[choice] in wanted:
                exact.add(entry_id)
            score = raw * _WEIGHTS[field]
            texts = support[entry_id]
            texts[text] = max(texts.get(text, 0.0), score)
            if score >= min_score and (entry_id not in best or score > best[entry_id].score):
                best[entry_id] = SearchHit(entry_id, round(score, 4), field, text)

        def key(hit: SearchHit) -> tuple:
            agreeing = sum(s for s in support[hit.entry_id].values() if s >= min_score)
            first = hit.entry_id in exact
            return (-first, -round(hit.score, 2), -agreeing, -hit.score, hit.entry_id)

        ranked = sorted(best.values(), key=key)
        return ranked[:limit] if limit else ranked
