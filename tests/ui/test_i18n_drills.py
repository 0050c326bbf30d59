"""The drills, the strategy chart and the coach's warning in 日本語 and lietuvių: every
state fits 80×24 in each language (double-width Japanese, long Lithuanian), the words
a player reads are the language's (the seed's blackjack words in Lithuanian), the chart's
snapshot at 120×40 per language, and a change of language redraws an open drill."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pytest
from languages import each_language, english_left, in_turn, speaking
from text_fit import unfitted_texts
from textual.widgets import Input

from cardtable import i18n
from cardtable.ai.counting import indices as indices_module
from cardtable.ai.counting.indices import Index
from cardtable.ai.grading import Decision
from cardtable.core.blackjack import Rules
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.chart import ChartScreen
from cardtable.ui.screens.coach_warning import CoachWarning
from cardtable.ui.screens.count_drill import CountDrillScreen
from cardtable.ui.screens.drill import DrillChoice, DrillScreen
from cardtable.ui.screens.index_drill import IndexDrillScreen

from helpers import press, screen_text, settle, until

#: Words each language must show at a blackjack drill's question (the prompt and the footer).
BJ_WORDS = {
    "en": ("What do you do?", "Hit", "Stand", "Dealer shows"),
    "ja": ("どうしますか", "ヒット", "スタンド", "ダブル", "スプリット", "ディーラー"),
    "lt": ("Ką darysite?", "Imti", "Likti", "Dvigubinti", "Skaidyti", "Krupjė korta"),
}


def _app(data_dir: Path, lang: str) -> CardTableApp:
    return CardTableApp(data_dir=data_dir, animations=False, seed=7, lang=lang)


def _fits(app: CardTableApp) -> None:
    assert unfitted_texts(app) == [], unfitted_texts(app)


def _shows(app: CardTableApp, words: dict[str, str]):  # type: ignore[no-untyped-def]
    """A check that the screen shows ``words[lang]``."""
    def shown(lang: str) -> None:
        assert words[lang] in screen_text(app), screen_text(app)

    return shown


async def test_the_blackjack_drill_fits_and_speaks_the_language(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "d")  # the lobby's drills
        assert isinstance(app.screen, DrillChoice)
        await each_language(pilot, "the choice of drills")
        await press(pilot, "escape")
        app.push_screen(DrillScreen("blackjack", questions=3, seed=7))
        await settle(pilot)
        await until([pilot], lambda: isinstance(app.screen, DrillScreen) and app.screen.question is not None)
        await settle(pilot)

        def question(lang: str) -> None:
            shown = screen_text(app)
            assert all(word in shown for word in BJ_WORDS[lang]), shown

        await each_language(pilot, "the first question", question)
        for n in range(3):  # each answer graded: the verdict, then the score
            await press(pilot, "h")
            await until([pilot], lambda: app.screen.question is not None or app.screen.over)  # type: ignore[attr-defined]
            await settle(pilot)
            await each_language(pilot, f"answer {n + 1}")

        def over(lang: str) -> None:
            shown = screen_text(app)
            assert {"en": "Drill over", "ja": "練習終了", "lt": "Pratimas baigtas"}[lang] in shown
            if lang != "en":
                assert "answered" not in shown and "against" not in shown

        await each_language(pilot, "the drill over", over)


async def test_the_poker_drill_fits_in_every_language(data_dir: Path) -> None:
    """A new drill per language on one app: the boxes under the cards ("Exchange") keep
    the words they were built with."""
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        for lang in in_turn():
            async with speaking(pilot, lang, "the poker drill"):
                app.push_screen(DrillScreen("poker", questions=2, seed=7))
                await until([pilot], lambda: isinstance(app.screen, DrillScreen) and app.screen.question is not None)
                await settle(pilot)
                _fits(app)
                await press(pilot, "1", "3")
                assert {"en": "exchange 1 3", "ja": "1 3を交換", "lt": "keisti 1 3"}[lang] in screen_text(app)
                _fits(app)
                await press(pilot, "enter")  # the verdict on an exchange
                await until([pilot], lambda: app.screen.question is not None)  # type: ignore[attr-defined]
                await settle(pilot)
                _fits(app)
                await press(pilot, "enter")  # stand pat: the drill is over
                _fits(app)
                assert english_left(app, lang) == []
                app.pop_screen()
                await settle(pilot)


async def _type(pilot, value: float) -> None:  # type: ignore[no-untyped-def]
    keys = {"-": "minus", "+": "plus", ".": "full_stop"}
    await press(pilot, *(keys.get(c, c) for c in f"{value:g}"), "enter")


async def test_the_count_drill_fits_in_every_language(data_dir: Path) -> None:
    """A new drill per language on one app: the drill's end is said in the language in
    force when it ends (not worded again by a later change of language)."""
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        for lang in in_turn():
            async with speaking(pilot, lang, "the count drill"):
                app.push_screen(CountDrillScreen(questions=1, seed=7, pace=0))
                await settle(pilot)
                screen = app.screen
                assert isinstance(screen, CountDrillScreen) and screen.phase == "running"
                shown = screen_text(app)
                running = {"en": "Running count?", "ja": "ランニングカウントは?", "lt": "Einamasis skaičius?"}
                assert running[lang] in shown
                assert {"en": "Dealer: ", "ja": "ディーラー: ", "lt": "Krupjė: "}[lang] in shown
                _fits(app)
                await _type(pilot, 99)
                assert screen.phase == "true"
                true = {"en": "True count?", "ja": "トゥルーカウントは?", "lt": "Tikrasis skaičius?"}
                assert true[lang] in screen_text(app)
                _fits(app)
                await _type(pilot, 99)
                assert screen.phase == "over"
                shown = screen_text(app)
                assert {"en": "(you said +99)", "ja": "(回答: +99)", "lt": "(atsakėte +99)"}[lang] in shown
                _fits(app)
                app.pop_screen()
                await settle(pilot)


async def test_the_count_drill_while_dealing_fits_with_its_keys(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CountDrillScreen(questions=2, seed=7, pace=2.0))  # a card every 2 s: still dealing
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CountDrillScreen) and screen.phase == "dealing"

        def dealing(lang: str) -> None:
            footer = screen_text(app).splitlines()[-1]
            assert "^q" in footer and "?" in footer, footer  # every key of the footer is shown whole
            keys = {"en": "m rounds or single cards", "ja": "m ラウンドか1枚ずつ", "lt": "m raundai ar po vieną kortą"}
            assert keys[lang] in " ".join(screen_text(app).split())

        await each_language(pilot, "dealing", dealing)
        await press(pilot, "space")
        assert screen.phase == "running"
        await each_language(pilot, "the deal stopped")


def _plays() -> list[Index]:
    """Two index plays: a hard total and a soft one (the soft total is worded)."""
    return [Index("16", "10", "stand", "hit", 0, 0.3, "hit", "hard", 16, 10, 0.3, 0.01),
            Index("soft 19", "6", "double", "stand", 1, 1.2, "stand", "soft", 19, 6, 1.2, 0.01)]


async def test_the_index_drill_fits_in_every_language(data_dir: Path, monkeypatch) -> None:
    """A new drill per language on one app: a verdict is said in the language in force
    when the answer is given (and stays as it was said)."""
    monkeypatch.setattr(indices_module, "indices", lambda system, rules: _plays())
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        for lang in in_turn():
            async with speaking(pilot, lang, "the index drill"):
                app.push_screen(IndexDrillScreen(questions=2, seed=3))
                await until([pilot], lambda: getattr(app.screen, "question", None) is not None)
                await settle(pilot)
                _fits(app)
                shown = screen_text(app)
                assert {"en": "which play?", "ja": "どうプレイする?", "lt": "kaip žaisti?"}[lang] in shown
                question = app.screen.question  # type: ignore[attr-defined]
                await press(pilot, {"stand": "s", "hit": "h", "double": "d"}[question.answer])
                _fits(app)
                question = app.screen.question  # type: ignore[attr-defined]
                await press(pilot, {"stand": "s", "hit": "h", "double": "d"}[question.answer])
                shown = screen_text(app)
                assert {"en": "2 of 2 right", "ja": "2問中2問正解", "lt": "Teisingai 2 iš 2"}[lang] in shown
                _fits(app)
                app.pop_screen()
                await settle(pilot)


async def test_the_chart_with_a_hand_and_its_explanations_fits_80x24(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChartScreen(Rules(), ("pair", 8, 10)))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ChartScreen) and len(screen.explanations) == 4

        def pairs(lang: str) -> None:
            hand = screen.query_one("#chart-hand").render()  # above, scrolled off to show the pairs
            assert {"en": "Your hand, 8,8 against a 10: hit", "ja": "あなたのハンド、8,8 対 10: ヒット",
                    "lt": "Jūsų ranka, 8,8 prieš 10: imti"}[lang] in getattr(hand, "plain", str(hand))
            assert {"en": "Pairs", "ja": "ペア", "lt": "Poros"}[lang] in screen_text(app)
            aces = next(line for line in screen_text(app).splitlines() if "A,A" in line)
            assert len(aces.split("A,A")[1].split()) == 10, aces  # the ace column too: the legend is no wider

        await each_language(pilot, "the pairs, the hand marked", pairs)
        await press(pilot, "end")  # the explanations, at the foot
        await each_language(pilot, "the explanations", _shows(app, {"en": "No peek", "ja": "ピークなし",
                                                                   "lt": "Be žvilgtelėjimo"}))


@pytest.mark.parametrize("lang", ("ja", "lt"))
def test_the_chart_snapshot_120x40(snap_compare, data_dir: Path, lang: str) -> None:
    async def open_chart(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.push_screen(ChartScreen(Rules(), ("soft", 18, 9)))
        await settle(pilot)

    assert snap_compare(_app(data_dir, lang), terminal_size=(120, 40), run_before=open_chart)


async def test_the_coach_warning_fits_and_names_the_choices(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    poker = Decision("poker", "K♠ J♦ 4♣ 4♥ 9♠", "exchange 1 2 5", "exchange all five", 0.3, 0.35, 500)
    blackjack = {"en": ("Hit is better", "Stand anyway"), "ja": ("ヒットが有利", "それでもスタンド"),
                 "lt": ("Imti geriau", "Vis tiek Likti")}
    async with app.run_test(size=(80, 24)) as pilot:
        for estimated in (False, True):
            decision = Decision("blackjack", "hard 16 against a 10", "Stand", "Hit", -0.54, -0.52, 1000, estimated)
            for shown_decision, words in ((decision, blackjack),
                                          (poker, {"en": ("exchange all five is better",),
                                                   "ja": ("5枚とも交換が有利", "1 2 5を交換"),
                                                   "lt": ("keisti visas penkias geriau", "keisti 1 2 5")})):
                if shown_decision is poker and estimated:
                    continue  # the same poker warning as before
                app.push_screen(CoachWarning(shown_decision))
                await settle(pilot)

                def named(lang: str, words: Mapping[str, tuple[str, ...]] = words) -> None:
                    shown = screen_text(app)
                    assert all(word in shown for word in words[lang]), shown

                await each_language(pilot, f"the warning on {shown_decision}", named)
                await press(pilot, "escape")
                assert not isinstance(app.screen, CoachWarning)


async def test_a_change_of_language_redraws_an_open_drill(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(DrillScreen("blackjack", questions=3, seed=7))
        await until([pilot], lambda: isinstance(app.screen, DrillScreen) and app.screen.question is not None)
        await press(pilot, "s")
        await until([pilot], lambda: app.screen.question is not None)  # type: ignore[attr-defined]
        await settle(pilot)
        assert "Your hand: " in screen_text(app) and "What do you do?" in screen_text(app)
        assert app.save_settings(replace(app.settings, language="lt"))
        await settle(pilot)
        shown = screen_text(app)
        assert "Jūsų ranka: " in shown and "Krupjė korta" in shown and "Ką darysite?" in shown
        assert "Your hand" not in shown and "What do you do?" not in shown and "Imti" in shown.splitlines()[-1]
        assert "question 2 of 3" not in shown and "klausimas 2 iš 3" in shown


async def test_a_change_of_language_redraws_the_count_drill_and_the_chart(data_dir: Path) -> None:
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CountDrillScreen(questions=2, seed=7, pace=0))
        await settle(pilot)
        assert "Running count?" in screen_text(app)
        assert app.save_settings(replace(app.settings, language="ja"))
        await settle(pilot)
        shown = screen_text(app)
        assert "ランニングカウントは?" in shown and "Running count?" not in shown and "カウント練習" in shown
        assert app.screen.query_one(Input).placeholder == "数字 (例: -3)"
        app.push_screen(ChartScreen(Rules(), ("hard", 16, 10)))
        await settle(pilot)
        assert "あなたのハンド、ハード16 対 10" in screen_text(app)
        assert app.save_settings(replace(app.settings, language="lt"))
        await settle(pilot)
        assert "Jūsų ranka, kieta 16 prieš 10" in screen_text(app)


@pytest.mark.parametrize(("choice", "lt", "ja"), [
    ("Split", "Skaidyti", "スプリット"),
    ("exchange 1 3 5", "keisti 1 3 5", "1 3 5を交換"),
    ("exchange 2 4 5 (keep K♠ J♦)", "keisti 2 4 5 (laikyti K♠ J♦)", "2 4 5を交換 (K♠ J♦をホールド)"),
    ("exchange all five", "keisti visas penkias", "5枚とも交換"),
    ("stand pat", "nekeisti", "交換なし"),
    ("Banker", "Bankininkas", "バンカー"),
])
def test_a_graded_choice_is_worded_in_the_language(choice: str, lt: str, ja: str) -> None:
    """The choices are kept in English (the store and the history hold them as data) and
    worded where they are shown: the coach's warning, the drills' verdicts, the chart."""
    from cardtable.ai.grading import choice_words

    assert choice_words(choice) == choice
    i18n.set_language("lt")
    assert choice_words(choice) == lt
    i18n.set_language("ja")
    assert choice_words(choice) == ja


async def test_a_change_of_language_redraws_the_coach_warning_and_the_index_drill(data_dir: Path,
                                                                                 monkeypatch) -> None:
    monkeypatch.setattr(indices_module, "indices", lambda system, rules: _plays())
    app = _app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(IndexDrillScreen(questions=2, seed=3))
        await until([pilot], lambda: getattr(app.screen, "question", None) is not None)
        app.push_screen(CoachWarning(Decision("blackjack", "hard 16 against a 10", "Stand", "Hit", -0.54, -0.52, 1000)))
        await settle(pilot)
        assert "Hit is better" in screen_text(app)
        assert app.save_settings(replace(app.settings, language="lt"))
        await settle(pilot)
        shown = screen_text(app)
        assert "Imti geriau" in shown and "Vis tiek Likti" in shown and "Atšaukti" in shown and "Hit" not in shown
        await press(pilot, "escape")
        shown = screen_text(app)
        assert "kaip žaisti?" in shown and "Indeksų pratimas" in shown and "which play" not in shown
