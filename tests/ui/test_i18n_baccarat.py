"""The baccarat table in 日本語 and lietuvių: the seed's words on the layout (プレイヤー,
バンカー, タイ, 配当), every text fitting 80×24 in every language at each moment of a
coup, the 120×40 snapshots, and the table worded again when the language changes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from baccarat_pilot import BANKER_NATURAL, NATURAL_TIE, PLAYER_NATURAL, banner, make_app, table
from languages import LANGS, each_language, english_left, in_turn, speaking
from test_shared_baccarat import client, players, remote, server, sit
from text_fit import unfitted_texts
from textual.pilot import Pilot

from cardtable import i18n
from cardtable.ai.coach_baccarat import BetOdds, full_shoe_counts
from cardtable.core.baccarat import Outcome
from cardtable.store import START_BANKROLL
from cardtable.ui.screens.coach_warning import CoachWarning
from cardtable.ui.widgets.baccarat.odds import OddsPanel
from cardtable.ui.widgets.baccarat.words import odds_sentence, source_words

from helpers import press, screen_text, settle, until

__all__ = ["server"]  # the server fixture of the shared table's tests, used here too

#: The sides as each language names them on the layout (the seed's words in Japanese).
SIDES = {
    "en": ("Player", "Banker", "Tie"),
    "ja": ("プレイヤー", "バンカー", "タイ"),
    "lt": ("Žaidėjas", "Bankininkas", "Lygiosios"),
}
COUPS = f"{BANKER_NATURAL}  {NATURAL_TIE}  {PLAYER_NATURAL}"


def _fits(app) -> None:  # type: ignore[no-untyped-def]
    problems = unfitted_texts(app)
    assert problems == [], problems


async def test_every_moment_of_a_coup_fits_80x24(data_dir: Path) -> None:
    """One shoe walked once; at each moment the table is worded in each language where it
    stands and must fit and say that language's words."""
    app = make_app(data_dir, f"{BANKER_NATURAL}  {NATURAL_TIE}  " * len(LANGS) + PLAYER_NATURAL, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def layout(lang: str) -> None:  # the seed's words: プレイヤー, バンカー, タイ and 配当 on the spots
            shown = screen_text(app)
            assert all(name in shown for name in SIDES[lang]), shown
            assert {"en": "pays 1:1", "ja": "配当 1:1", "lt": "moka 1:1"}[lang] in shown
            if lang != "en":
                assert "Player" not in shown and "pays" not in shown

        for n, lang in enumerate(in_turn()):  # the banner's first words are said as the table opens: in each language
            async with speaking(pilot, lang, "betting, nothing placed"):
                if n:
                    await press(pilot, "escape", "2")  # back to the lobby, and sit down again
                layout(lang)
                assert banner(app) == i18n._("Place your bets: p Player · b Banker · t Tie, then enter to deal")
                _fits(app)
                assert english_left(app, lang) == []
            async with speaking(pilot, lang, "enter with nothing to deal: the banner says how to bet"):
                await press(pilot, "enter")
                assert banner(app) == i18n._("Place a bet first: p Player · b Banker · t Tie, or click a spot")
                _fits(app)
                assert english_left(app, lang) == []
        await press(pilot, "b", "b", "p", "t")
        await each_language(pilot, "bets on three spots")
        for lang in in_turn():  # a coup's result is said when it is dealt: two coups dealt in each language
            async with speaking(pilot, lang, "a Banker win settled"):
                await press(pilot, "enter")  # each spot's note
                win = {"en": "Banker wins 9 to 2", "ja": "バンカーの勝ち 9対2", "lt": "Laimi Bankininkas 9:2"}[lang]
                assert banner(app).startswith(win), banner(app)
                shown = screen_text(app)
                if lang == "ja":  # the pay, the roads, the repeat key, the shoe line, the Banker spot's note
                    assert "配当 0.95:1" in shown and "ビーズプレート" in shown and "繰り返して配る" in shown
                    assert "残り" in shown and "勝ち" in shown and "cards left" not in shown
                    assert "Bead plate" not in shown and "Banker" not in shown and "Deal" not in shown
                _fits(app)
                assert english_left(app, lang) == []
            async with speaking(pilot, lang, "a tie"):
                await press(pilot, "enter")  # the Player and Banker bets come back
                assert banner(app).startswith({"en": "Tie 8 to 8", "ja": "タイ 8対8", "lt": "Lygiosios 8:8"}[lang])
                _fits(app)
                assert english_left(app, lang) == []
        await press(pilot, "e")
        await until_counted(pilot, app)

        def odds(lang: str) -> None:  # the odds panel in the roads' place
            panel = table(app).query_one(OddsPanel).render()
            text = getattr(panel, "plain", str(panel))
            heading = {"en": "Edge for the next coup", "ja": "次のゲームのエッジ", "lt": "Kito kupo pranašumas"}
            assert heading[lang] in text
            if lang != "en":
                assert "Edge" not in screen_text(app)

        await each_language(pilot, "the odds panel", odds)
        await press(pilot, "e", "c")
        for lang in in_turn():  # coach mode turned on in each language: the header says it as it turns on
            async with speaking(pilot, lang, "coach mode"):
                await press(pilot, "k")
                _fits(app)  # coach mode said on the banner
                await press(pilot, "t", "enter")
                assert isinstance(app.screen, CoachWarning)
                _fits(app)  # the coach's warning over the table
                await press(pilot, "escape")
                _fits(app)  # taken back
                assert table(app).spot(Outcome.TIE).stake > 0
                assert english_left(app, lang) == []
                await press(pilot, "k", "c")  # coach mode off, the bet cleared


async def until_counted(pilot: Pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Wait (on the condition, not a clock) for the odds panel's figures."""
    panel = table(app).query_one(OddsPanel)
    for _ in range(400):
        if panel.report.odds is not None or panel.report.problem:
            return
        await pilot.pause(0.05)
    raise AssertionError("the odds were never counted")


@pytest.mark.parametrize("lang", ("ja", "lt"))
def test_table_snapshot_120x40(snap_compare, data_dir: Path, lang: str) -> None:
    async def play(pilot: Pilot) -> None:
        await settle(pilot)
        await press(pilot, "b", "p", "t", "enter", "enter")

    assert snap_compare(make_app(data_dir, COUPS, lang=lang), terminal_size=(120, 40), run_before=play)


def test_the_coachs_sentence_is_worded_from_its_figures() -> None:
    """The odds panel's sentence: the figures come from ai, the words from the ui."""
    rich = BetOdds({9: 30, 8: 2, 13: 10, 1: 4, 4: 6})  # mostly nines and tens: ties
    plain = BetOdds(full_shoe_counts(8))
    assert odds_sentence(rich).startswith("Rare: with these cards Tie is in your favour (+")
    assert "almost never turns in your favour: Banker loses least here." in odds_sentence(plain)
    i18n.set_language("ja")
    assert odds_sentence(rich).startswith("まれ：この残りではタイが有利")
    assert "バンカーの損が最小" in odds_sentence(plain)
    i18n.set_language("lt")
    assert "Lygiosios jums palankus" in odds_sentence(rich)


@pytest.mark.parametrize(
    ("lang", "source", "words"),
    [
        ("en", "412 cards left", "412 cards left"),
        ("ja", "412 cards left", "残り412枚"),
        ("lt", "1 cards left", "liko 1 korta"),
        ("lt", "412 cards left", "liko 412 kortų"),
        ("lt", "a new shoe of 8 decks", "naujas 8 kaladžių dalytuvas"),
        ("ja", "You missed 12 cards of this shoe: exact odds again from the next shoe.", "このシューの12枚"),
        ("ja", "something the table never says", "something the table never says"),
    ],
)
def test_where_the_cards_come_from_is_worded(lang: str, source: str, words: str) -> None:
    """The source stays English data (it is stored with each grade); the panel words it."""
    i18n.set_language(lang)
    assert source_words(source).startswith(words)


async def test_the_odds_panel_reads_in_japanese(data_dir: Path) -> None:
    app = make_app(data_dir, COUPS, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "b", "e")
        await until_counted(pilot, app)
        panel = table(app).query_one(OddsPanel).render()
        text = getattr(panel, "plain", str(panel))
        assert "次のゲームのエッジ" in text and "バンカー" in text and "期待値" in text


@pytest.mark.parametrize("lang", ("ja", "lt"))
async def test_the_shared_table_fits_80x24(tmp_path: Path, server, lang: str) -> None:  # type: ignore[no-untyped-def]
    """At the server's table: the players' line, ready, what the coup waits for, the result."""
    a = client(tmp_path, server, "a", "alice")
    b = client(tmp_path, server, "b", "bob")
    i18n.set_language(lang)  # one language per process: both clients read it
    async with a.run_test(size=(80, 24)) as pa, b.run_test(size=(80, 24)) as pb:
        sa = await sit(a, pa, [pb])
        sb = await sit(b, pb, [pa])
        await until([pa, pb], lambda: "bob" in players(sa))
        _fits(a)
        await pa.press("b", "enter")  # alice is ready; the coup waits for bob
        await until([pa, pb], lambda: {"ja": "準備完了", "lt": "pasiruošęs"}[lang] in players(sb))
        assert "bob" in sa._banner.text
        _fits(a)
        _fits(b)
        await pb.press("enter")  # bob passes: the coup is dealt
        await until([pa, pb], lambda: remote(sa).shared.round == 1 and not sa.dealing)
        await until([pa, pb], lambda: a.bankroll != START_BANKROLL)
        assert sb._banner.text.endswith({"ja": "このゲームは見送り", "lt": "šį kupą praleidote"}[lang])
        _fits(a)
        _fits(b)
        heading = {"ja": "ベットしてください", "lt": "Statykite"}[lang]
        assert players(sa).startswith(heading), players(sa)
        assert a.save_settings(replace(a.settings, language="en"))  # the players' line follows
        await pa.pause()
        assert players(sa).startswith("Place your bets"), players(sa)
        assert "Banker" in screen_text(a)


@pytest.mark.parametrize(
    ("lang", "limit", "cover", "last"),
    [
        ("ja", "受け付けません：1か所の上限は500です（バンカーは500）",
         "受け付けません：残高400では、さらに100はまかなえません（テーブル上400）",
         "受け付けません：残高400では前回のベット（600）をまかなえません"),
        ("lt", "Atmesta: riba – 500 už laukelį (Bankininkas turi 500)",
         "Atmesta: jūsų balansas 400 nepadengia dar 100 (ant stalo 400)",
         "Atmesta: jūsų balansas 400 nepadengia ankstesnių statymų (600)"),
    ],
)
async def test_a_refused_bet_is_said_in_the_language(data_dir: Path, lang: str, limit: str, cover: str,
                                                     last: str) -> None:
    """The table of this machine says the core's refusals (codes and figures) in the
    player's language, on one banner line: the limit per spot, the bankroll that covers
    every bet, the last bets that no longer fit."""
    app = make_app(data_dir, f"{PLAYER_NATURAL}  {PLAYER_NATURAL}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, *["plus"] * 5, "b", "b")  # the 500 chip, twice on the Banker
        assert banner(app) == limit
        _fits(app)
        await press(pilot, "minus", "t", "enter")  # and 100 on the Tie; the Player wins: 400 left
        assert app.bankroll == 40_000
        await press(pilot, "c", *["p"] * 5)  # the fifth 100 is not covered
        assert banner(app) == cover
        _fits(app)
        await press(pilot, "c", "r")
        assert banner(app) == last
        _fits(app)


async def test_why_the_odds_cannot_be_counted_is_said_in_the_language(data_dir: Path, monkeypatch) -> None:
    """``e`` when the cards left are not known (sat down mid-shoe): the reason, worded."""
    app = make_app(data_dir, COUPS, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        missed = "You missed 12 cards of this shoe: exact odds again from the next shoe."
        monkeypatch.setattr(table(app).client, "next_shoe", lambda: (None, missed))
        await press(pilot, "e")
        assert banner(app) == "このシューの12枚を見逃しました：次のシューから正確なオッズ。"
        _fits(app)


@pytest.mark.parametrize("lang", ("ja", "lt"))
@pytest.mark.parametrize("size", ((120, 40), (200, 50)))
async def test_the_table_grows_and_fits_in_larger_terminals(data_dir: Path, lang: str, size: tuple[int, int]) -> None:
    app = make_app(data_dir, COUPS, lang=lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "b", "p", "enter")
        _fits(app)
        await press(pilot, "e")
        await until_counted(pilot, app)
        _fits(app)


async def test_a_bet_taken_back_from_the_coach_says_what_next_in_japanese(data_dir: Path) -> None:
    app = make_app(data_dir, COUPS, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "k", "t", "enter", "escape")
        assert banner(app) == "取り下げました：ベットはそのまま。変更するか、配ってください。"


async def test_the_last_coups_result_is_worded_again_when_the_language_changes(data_dir: Path) -> None:
    """A language chosen while the last coup's result is on the banner words that result
    anew (who won, the player's net), not the betting prompt; once the player bets, a
    change words what the table waits for."""
    app = make_app(data_dir, COUPS, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "b", "enter")  # 5 on the banker; the banker's natural 9 wins
        english = banner(app)
        assert "Banker" in english and "+4.75" in english, english
        for lang, net in (("ja", "4.75"), ("lt", "4,75")):  # each language's decimal mark
            async with speaking(pilot, lang, "the result shown"):
                assert SIDES[lang][1] in banner(app) and net in banner(app), banner(app)
        async with speaking(pilot, "en", "the result shown"):
            assert banner(app) == english  # the same result, worded as at first
        await press(pilot, "p")  # a new bet: the banner now says what the table waits for
        betting = banner(app)
        assert "Player" in betting and "enter" in betting, betting
        async with speaking(pilot, "ja", "a bet placed"):  # the bets, worded anew, not the result
            assert SIDES["ja"][0] in banner(app) and "enter" in banner(app) and "4.75" not in banner(app), banner(app)
