"""The screen model the browser tests read the page's terminal with (``browser.Screen``):
what xterm.js would show after the bytes the page was sent."""

from __future__ import annotations

from browser import Screen


def test_the_screen_model_places_text() -> None:
    """Positions, wide characters, escapes dropped."""
    screen = Screen()
    screen.feed("\x1b[?1049h\x1b]22;default\x07\x1b[2;3H\x1b[1;38;2;1;2;3mab\x1b[0m\x1b[1;1H♠x\x1b[2;1Hz")
    assert screen.lines() == ["♠x", "z ab"]
    screen.feed("\x1b[1;5H⭘界y")
    assert screen.lines()[0] == "♠x  ⭘界 y"


def test_output_cut_anywhere_reads_the_same() -> None:
    """The page's socket frames may cut a character's UTF-8 bytes or an escape sequence:
    fed in pieces of any size, the screen is the one the whole output makes."""
    output = "\x1b[?2026h\x1b]22;default\x07\x1b[3;2H\x1b[38;2;254;166;43m♠ ♥ 界\x1b[0m\x1b[1;1HBet ⏎ · 29 s\x1b[?2026l"
    whole = Screen()
    whole.feed(output)
    assert whole.lines() == ["Bet ⏎ · 29 s", "", " ♠ ♥ 界"]
    data = output.encode()
    for size in range(1, 8):
        screen = Screen()
        for start in range(0, len(data), size):
            screen.feed_bytes(data[start:start + size])
        assert screen.lines() == whole.lines(), size
