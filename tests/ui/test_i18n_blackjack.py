"""The blackjack table in 日本語 and lietuvių: every moment of a round fits 80×24 in each
language (betting, a decision, the coach's values, the chart, split hands, the settlement,
the session summary, coach mode with the count, a shared table), the Lithuanian table
speaks the seed's words (krupjė, Imti, Likti, Dvigubinti, Skaidyti, minkšta/kieta), the
coach and the chart speak the language, the 120×40 snapshots per language, and a change
of language redraws the table and the chart where they stand."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from languages import each_language, switch_language
from test_shared_blackjack import server, sit_both, table_screen  # noqa: F401 - server is a fixture
from text_fit import unfitted_texts
from textual.pilot import Pilot
from textual.widgets import Static

from cardtable import i18n
from cardtable.core.cards import Shoe
from cardtable.net.server import Server
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.remote import Remote
from cardtable.ui.screens.blackjack import BlackjackScreen, SessionSummary
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.widgets.blackjack.seat import PlayerHand

from helpers import press, screen_text, settle, until

LANGS = ("en", "ja", "lt")
#: Ada 10 9, Bert 10 8, the player 8 8 (a pair: every action legal), the dealer 6 up
#: and 10 face down; then cards for the splits and the dealer.
PAIR = "TS TD 8S 6H 9S 8D 8C TC 3S 2D 5H 4C 9D 7S TH"
#: The player's words during a decision, per language: the dealer and the four actions.
DECISION_WORDS = {
    "en": ("Dealer", "Hit", "Stand", "Double", "Split"),
    "ja": ("ディーラー", "ヒット", "スタンド", "ダブル", "スプリット"),
    "lt": ("Krupjė", "Imti", "Likti", "Dvigubinti", "Skaidyti"),
}

#: The strategy chart's line about the hand in play (8,8 against a 6: split), per language.
CHART_WORDS = {"en": "Your hand, 8,8 against a 6: split", "ja": "あなたのハンド、8,8 対 6: スプリット",
               "lt": "Jūsų ranka, 8,8 prieš 6: skaidyti"}
#: The session summary's first figure, per language.
SUMMARY_WORDS = {"en": "Rounds played   1", "ja": "ラウンド数        1", "lt": "Sužaisti raundai    1"}


def _app(data_dir: Path, lang: str, stack: str = PAIR, seats: tuple[str, ...] = ("normal", "hard")) -> CardTableApp:
    store = Store.open(data_dir)
    store.save_settings(replace(store.settings(), bj_seats=seats))
    store.close()
    return CardTableApp(
        data_dir=data_dir, start="blackjack", animations=False, lang=lang,
        shoe_factory=lambda game, decks, cut: Shoe.stacked(stack),
    )


def _fits(app: CardTableApp, moment: str) -> None:
    problems = unfitted_texts(app)
    assert problems == [], (moment, problems)


def _table(app: CardTableApp) -> BlackjackScreen:
    screen = app.screen
    assert isinstance(screen, BlackjackScreen)
    return screen


#: The chart's section titles, one of which is in view with the pairs.
CHART_TITLES = {"en": ("Hard totals", "Pairs"), "ja": ("ハード", "ペア"), "lt": ("Kietos sumos", "Poros")}


async def test_every_moment_of_a_round_fits_80x24_and_speaks_each_language(data_dir: Path) -> None:
    """One round walked once; at each moment the table is worded in each language where it
    stands (as the Language setting does) and must fit and say that language's words."""
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await each_language(pilot, "betting")
        await press(pilot, "enter")
        assert _table(app).phase == "player"

        def decision(lang: str) -> None:
            shown = screen_text(app)
            assert all(word in shown for word in DECISION_WORDS[lang]), shown
            footer = shown.splitlines()[-1]
            assert all(word in footer for word in DECISION_WORDS[lang][1:]), footer  # the same keys
            # The app's ? and ^q give their room in the footer to the table's keys when the
            # words are long (lietuvių, 日本語).
            assert ("? " in footer) is (lang == "en"), footer
            banner = _table(app).banner.text
            assert {"en": "Your turn: hard 16 against a 6", "ja": "あなたの番",
                    "lt": "Jūsų ėjimas: kieta 16 prieš 6"}[lang] in banner, banner
            if lang == "lt":  # the seed's words, the computer seats' levels, no English left
                assert "rodo 6" in shown and "Jūs" in shown and "įprastas" in shown and "sudėtingas" in shown
                assert "Dealer" not in shown and "Hit" not in shown

        await each_language(pilot, "a decision", decision)
        await switch_language(pilot, "lt")
        await press(pilot, "question_mark")  # ? still works where the footer has no room for it
        assert isinstance(app.screen, RulesScreen)
        await press(pilot, "escape")
        # the coach's values (t) in each language: test_the_coach_speaks_the_language (the tip
        # is worded when it is counted, so each language counts its own)
        await press(pilot, "g")  # the strategy chart, the hand's cell marked

        def chart(lang: str) -> None:
            hand = app.screen.query_one("#chart-hand", Static).render()  # above the rows scrolled to
            assert CHART_WORDS[lang] in getattr(hand, "plain", str(hand))
            shown = screen_text(app)
            assert any(title in shown for title in CHART_TITLES[lang]), shown
            for part in ("#chart-left", "#chart-right"):  # side by side, the ace's column in view
                assert app.screen.query_one(part).region.right <= app.size.width, part

        await each_language(pilot, "the chart", chart)
        await switch_language(pilot, "lt")
        await press(pilot, "escape")  # back at the table, worded in lietuvių too
        assert "Krupjė" in screen_text(app)
        await press(pilot, "p", "h")  # split the eights, hit the first hand
        await each_language(pilot, "two hands")
        await press(pilot, "s", "s")
        assert _table(app).phase == "betting"
        await each_language(pilot, "the settlement")
        await press(pilot, "escape")  # the session summary
        assert isinstance(app.screen, SessionSummary)

        async def summary(lang: str) -> None:
            shown = app.screen
            assert isinstance(shown, SessionSummary)
            app.pop_screen()  # a dialog is worded when it is built: built again, as on leaving
            await app.push_screen(SessionSummary(shown.stats, shown.note))
            await settle(pilot)
            assert SUMMARY_WORDS[lang] in screen_text(app)

        await each_language(pilot, "the session summary", summary)


async def test_lithuanian_table_uses_the_seeds_words(data_dir: Path) -> None:
    # the player A 6 (soft 17) against a 7: "minkšta 17"; the dealer shows 7 then has 17.
    app = _app(data_dir, "lt", "AS 7H 6C QC", seats=())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = screen_text(app)
        assert "Dalyti ⏎" in shown and "Krupjė" in shown
        dealer = next(line for line in shown.splitlines() if "Krupjė" in line)
        assert "stovi ties visais 17" in dealer and dealer.rstrip().endswith("dalytuve 4 kortos")  # one line
        await press(pilot, "enter")
        shown = screen_text(app)
        assert "Jūsų ėjimas: minkšta 17 prieš 7" in _table(app).banner.text
        assert "rodo 7" in shown and "Imti" in shown and "Skaidyti" in shown
        await press(pilot, "s")
        banner = _table(app).banner.text
        assert banner.startswith("Krupjė 17 · jūs: lygiosios") and "raundas ±0" in banner
        assert _table(app).query_one("#hand-0", PlayerHand).marker == "LYGIOSIOS"


async def _decision(pilot: Pilot) -> None:
    await settle(pilot)
    await press(pilot, "enter")


@pytest.mark.parametrize("lang", ("ja", "lt"))
def test_blackjack_snapshot_120x40(snap_compare, data_dir: Path, lang: str) -> None:
    assert snap_compare(_app(data_dir, lang), terminal_size=(120, 40), run_before=_decision)


@pytest.mark.parametrize(
    ("lang", "tip", "values"),
    (
        ("en", "Tip: Split — pair of 8s against a 6", "per unit"),
        ("ja", "ヒント: スプリット — 8のペア 対 6", "期待値"),
        ("lt", "Patarimas: Skaidyti — dvi 8 prieš 6", "vienetui"),
    ),
)
async def test_the_coach_speaks_the_language(data_dir: Path, lang: str, tip: str, values: str) -> None:
    app = _app(data_dir, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "t")
        await pilot.app.workers.wait_for_complete()
        await settle(pilot)
        assert _table(app).banner.text.startswith(tip)
        shown = screen_text(app)
        assert values in shown and DECISION_WORDS[lang][4] in shown  # the values, by action
        _fits(app, "the coach's values")


def test_the_chart_hint_and_the_count_are_worded_in_the_language() -> None:
    from cardtable.ai.blackjack import explain
    from cardtable.ai.counting.play import IndexPlay
    from cardtable.ai.counting.systems import system_named
    from cardtable.ai.counting.table_count import index_note, read_count
    from cardtable.core.blackjack import Action, Rules
    from cardtable.core.cards import Card, parse_cards

    legal = {Action.HIT, Action.STAND}
    sixteen = IndexPlay("hard", 16, 10, Action.HIT, Action.STAND, Action.HIT, 0, 0.5, -0.2)
    reading = read_count(system_named("hilo"), parse_cards("2H 3D TS AS 5C 6D"), cards_left=260, decks=6)
    i18n.set_language("lt")
    assert explain(Rules(), parse_cards("AS 7D"), Card.parse("4H"), legal) == \
        "Likti — minkšta 18 prieš 4 (lentelėje – dvigubinti, dabar negalima)"
    everything = {Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT}
    assert explain(Rules(), parse_cards("8S 8D"), Card.parse("6H"), everything) == "Skaidyti — dvi 8 prieš 6"
    assert explain(Rules(), parse_cards("AS 6D"), Card.parse("AH"), everything) == "Imti — minkšta 17 prieš tūzą"
    assert reading.words() == "Hi-Lo +2 · tikrasis +0,4"  # the decimal comma
    i18n.set_language("ja")
    assert index_note([sixteen], ("hard", 16, 10), Action.HIT, legal, 1.2) == \
        "16 対 10、トゥルーカウント +1: スタンド (インデックス 0)"


@pytest.mark.parametrize("lang", ("ja", "lt"))
@pytest.mark.timeout(30)
async def test_a_shared_table_fits_80x24(tmp_path: Path, server: Server, lang: str) -> None:  # noqa: F811
    def joining(folder: str, name: str) -> CardTableApp:
        return CardTableApp(store=Store.open(tmp_path / folder), animations=False, lang=lang,
                            remote=Remote("127.0.0.1", server.port, name))

    a, b = joining("a", "alice"), joining("b", "bob")
    async with a.run_test(size=(80, 24)) as pa, b.run_test(size=(80, 24)) as pb:
        await sit_both(server, a, b, pa, pb)
        sa, sb = table_screen(a), table_screen(b)
        _fits(a, "betting at a shared table")
        assert {"ja": "ベット ⏎", "lt": "Statyti ⏎"}[lang] in screen_text(a)
        await pa.press("enter")
        await until([pa, pb], lambda: sb.shared is not None and sb.shared.seats[0].bet == 500)
        assert {"ja": "5のベットを受け付けました", "lt": "Statymas 5 priimtas"}[lang] in sa.banner.text
        _fits(a, "a bet in, waiting for the others")
        await pb.press("enter")
        await until([pa, pb], lambda: sa.shared is not None and sa.shared.my_turn)
        assert {"ja": "あなたの番", "lt": "Jūsų ėjimas"}[lang] in sa.banner.text
        _fits(a, "a decision at a shared table")
        await pa.press("escape")  # a hand in play may not be left: said on one line
        assert {"ja": "ハンドはプレイ中です", "lt": "Ranka žaidžiama"}[lang] in sa.banner.text
        _fits(a, "leaving refused")
        _fits(b, "another's turn")
        await pb.press("h")  # out of turn: said why, in the language
        assert {"ja": "あなたの番ではありません", "lt": "Ne jūsų eilė"}[lang] in sb.banner.text


@pytest.mark.parametrize(("lang", "true"), (("en", "true"), ("ja", "トゥルー"), ("lt", "tikrasis")))
async def test_coach_mode_with_the_count_fits_80x24(data_dir: Path, lang: str, true: str) -> None:
    """One app per language: the count's line is worded when the table is drawn, not when
    the language changes (so it is not walked in each language on one app)."""
    four = "TS TH TD TC 8S 9H 9S 9C 9D 9H 8D 7C 8H 8C 8D 2S 3S 4S 5S 6S 7S 8S 9S"  # four seats, 8,8
    app = _app(data_dir, lang, four, seats=("normal", "hard", "easy", "hard"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "k", "n", "enter")  # coach mode, the count shown, a decision
        dealer = next(line for line in screen_text(app).splitlines() if DECISION_WORDS[lang][0] in line)
        assert "Hi-Lo " in dealer and f" · {true} " in dealer
        _fits(app, "coach mode with the count")
        await press(pilot, "p", "p", "p", "h")  # four split hands beside four seats
        _fits(app, "four hands, four seats")
