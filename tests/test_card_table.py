"""The Real-card mechanics table of docs/payplan-format.md, summed: how many of the catalog's cards are "yes".

Each row of the table has a `cards` cell (how many cards of the pool the catalog counts for that
mechanic: `N`, `~N` or `N + M`, words after the numbers ignored; `every rune` is not a count of
cards and weighs 0) and a `supported` cell that starts with exactly one of `yes`, `partly`,
`no`, `not checked`. The share is the sum of the `yes` rows' counts over the sum of all counts.
The page states the figure in a line starting `Yes share:`; this test recomputes it, so the
figure can't drift from the table. Run the file to print the figure:

    python tests/test_card_table.py

The rows overlap (a card with Accelerate and a discount is counted in both rows), so this is a
share of the table's card counts, not of distinct cards.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "payplan-format.md"
SUPPORTS = ("yes", "partly", "no", "not checked")
COUNT = re.compile(r"^~?(\d+)(?:\s*\+\s*(\d+))?(?:\s|$|\()")
FIGURE = re.compile(r"^Yes share: (\d+) of (\d+) card counts \((\d+\.\d)%\)", re.MULTILINE)


def table_rows(text: str) -> list[tuple[str, str, str]]:
    """(mechanic, cards, supported) of each row of the Real-card mechanics table."""
    section = text.split("\n## Real-card mechanics\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("| ") or line.startswith("| mechanic") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 4, line
        rows.append((cells[0], cells[1], cells[3]))
    return rows


def count_of(cell: str) -> int:
    if cell == "every rune":
        return 0
    match = COUNT.match(cell)
    assert match, f"cards cell {cell!r} is not N, ~N or N + M"
    return int(match.group(1)) + int(match.group(2) or 0)


def support_of(cell: str) -> str:
    for word in ("not checked", "partly", "yes", "no"):
        if cell == word or re.match(rf"^{word}\b", cell):
            return word
    raise AssertionError(f"supported cell {cell!r} starts with none of {SUPPORTS}")


def sums(text: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for _, cards, supported in table_rows(text):
        out[support_of(supported)] += count_of(cards)
    return out


def figure(counts: Counter[str]) -> tuple[int, int, str]:
    yes, total = counts["yes"], sum(counts.values())
    return yes, total, f"{100 * yes / total:.1f}"


def test_every_row_reads() -> None:
    rows = table_rows(PAGE.read_text())
    assert len(rows) >= 60
    for _, cards, supported in rows:
        count_of(cards)
        support_of(supported)


def test_yes_cells_are_not_mixed() -> None:
    """A `yes` row is yes for all its cards: a row that is yes for some of them is split."""
    for mechanic, _, supported in table_rows(PAGE.read_text()):
        if support_of(supported) == "yes":
            assert "not checked" not in supported and "partly" not in supported, mechanic


def test_readme_states_the_figure() -> None:
    text = PAGE.read_text()
    match = FIGURE.search(text)
    assert match, "docs/payplan-format.md: no 'Yes share: N of M card counts (P%)' line"
    assert (int(match.group(1)), int(match.group(2)), match.group(3)) == figure(sums(text))


def test_parsing() -> None:
    assert count_of("~28") == 28 and count_of("12 + 5") == 17
    assert count_of("25 (45 mention it)") == 25 and count_of("21 make them") == 21
    assert support_of("not checked: why") == "not checked" and support_of("no: why") == "no"
    assert support_of("yes; see below") == "yes"


if __name__ == "__main__":
    counts = sums(PAGE.read_text())
    yes, total, percent = figure(counts)
    print(f"Yes share: {yes} of {total} card counts ({percent}%)")
    for word in SUPPORTS:
        print(f"  {word}: {counts[word]}")
    sys.exit(0)
