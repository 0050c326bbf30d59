"""The draw-poker table in 日本語 and lietuvių: the seed's hand names and 交換 on screen,
every text fitting 80×24 in each language (betting, a decision, the coach's panel, a
settlement, coach mode, every machine, the refill dialog), the table's 120×40 snapshot
per language, and the table worded anew when the language changes while it is open."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from languages import each_language, english_left, in_turn, speaking
from poker_pilot import SIZE, poker_app
from text_fit import unfitted_texts
from textual.widgets import Button

from cardtable import i18n
from cardtable.core.cards import parse_cards
from cardtable.core.poker import HandCategory, evaluate
from cardtable.core.poker_machines import PayHand
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.coach_warning import CoachWarning
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.poker import PokerScreen
from cardtable.ui.widgets.poker.coach import CoachPanel
from cardtable.ui.widgets.poker.machines import machines_on_offer
from cardtable.ui.widgets.poker.names import category_name, describe, row_name
from cardtable.ui.widgets.poker.words import stored_hold_words

from helpers import press, screen_text, settle, until

#: Seed 002's ten hands, weakest first (HandCategory's order).
SEED_HANDS = (
    "ノーペア", "ワンペア", "ツーペア", "スリーカード", "ストレート",
    "フラッシュ", "フルハウス", "フォーカード", "ストレートフラッシュ", "ロイヤルストレートフラッシュ",
)
#: K K dealt, 5 2 9 exchanged for 5 8 Q: a pair of kings (the stake back on 9/6 JoB).
PAIR_OF_KINGS = "KS KD 5H 2C 9S  5C 8D QS"
#: J J dealt: exchanging them (1 2) is the costly choice coach mode questions.
JACKS = "JS JD 4H 7C 9S  JH 2D"


def _problems(app: CardTableApp) -> list[str]:
    """Every text fits, and the bet's + button is inside its panel (not pushed out)."""
    problems = unfitted_texts(app)
    if isinstance(app.screen, PokerScreen):
        side = app.screen.query_one("#poker-side").region
        up = app.screen.query_one("#bet-up", Button).region
        if not side.contains_region(up):
            problems.append(f"the + button at {up} is outside its panel {side}")
    return problems


def _fits(app: CardTableApp, moment: str) -> None:
    assert _problems(app) == [], (moment, _problems(app))


async def _everywhere(pilot, moment: str, words=None) -> None:  # type: ignore[no-untyped-def]
    """This moment in each language: ``words(lang)`` holds and everything fits."""
    await each_language(pilot, moment, words, fits=_problems)


def _poker(app: CardTableApp) -> PokerScreen:
    """The poker table on top (checked)."""
    screen = app.screen
    assert isinstance(screen, PokerScreen)
    return screen


def test_the_ui_names_are_the_cores_in_english() -> None:
    """The screen's table of names says in English exactly what the core says."""
    for category in HandCategory:
        assert category_name(category) == category.label
    for machine in machines_on_offer().values():
        for hand, _row in machine.rows():
            assert row_name(machine, hand) == machine.row_label(hand)
    for text in ("AS KS QS JS TS", "9H 8H 7H 6H 5H", "4C 4D 4H 4S KS", "KH KD 5S 5C 5H", "2C 7C 9C JC KC",
                 "AH 2D 3C 4S 5H", "QS QD QH 3C 9D", "JS JD 4C 4H 9S", "TS TD 3H 4C 5S", "KS QD 5H 2C 9S"):
        value = evaluate(parse_cards(text))
        assert describe(value) == value.describe()


def test_japanese_names_the_ten_hands_as_the_seed_does() -> None:
    i18n.set_language("ja")
    assert tuple(category_name(c) for c in HandCategory) == SEED_HANDS
    assert describe(evaluate(parse_cards("JS JD 4C 7H 9S"))).startswith("ワンペア")
    jacks = machines_on_offer()["jacks-or-better-9-6"]
    assert row_name(jacks, PayHand.NATURAL_ROYAL) == "ロイヤルストレートフラッシュ"
    assert row_name(jacks, PayHand.HIGH_PAIR) == "J以上のワンペア"
    # a hold kept in English in the store, worded in the language shown
    assert stored_hold_words("exchange 3 4 5 (keep K♠ K♦)") == "3 4 5を交換（K♠ K♦を残す）"
    assert stored_hold_words("stand pat") == "交換なし"


async def test_japanese_poker_names_the_final_hand_and_says_exchange(data_dir: Path) -> None:
    """Done when: --lang ja, poker at 80×24, after an exchange the hand is named with the
    seed's word and 交換 is on screen (the boxes, the key, the button)."""
    app = poker_app(data_dir, PAIR_OF_KINGS, lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        shown = screen_text(app)
        assert shown.count("[ ] 交換") == 5 and "1-5 交換" in shown and "手札：ワンペア" in shown
        assert str(app.screen.query_one("#poker-action", Button).label) == "交換なし"  # nothing ticked: stand
        await press(pilot, "3", "4", "5")
        assert str(app.screen.query_one("#poker-action", Button).label) == "交換"
        assert "[x] 交換" in screen_text(app)
        await press(pilot, "enter")
        shown = screen_text(app)
        assert "ワンペア（K） — ベット返却" in shown and "交換" in shown
        assert "One Pair" not in shown and "Exchange" not in shown


async def test_every_moment_of_the_table_fits_80x24(data_dir: Path) -> None:
    app = poker_app(data_dir, PAIR_OF_KINGS, JACKS, JACKS, JACKS, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _everywhere(pilot, "betting")
        await press(pilot, "enter")
        await _everywhere(pilot, "a decision")
        await press(pilot, "t")  # the coach's panel in the pay table's place
        assert app.screen.query_one(CoachPanel).display
        await _everywhere(pilot, "the coach's panel")
        await press(pilot, "t")  # its best hold ticked: the hint says so
        await _everywhere(pilot, "the tip ticked")
        await press(pilot, "enter")
        assert _poker(app).view.result is not None
        await _everywhere(pilot, "a settlement")
        for lang in in_turn():  # coach mode turned on in each language: the header says it as it turns on
            async with speaking(pilot, lang, "coach mode"):
                await press(pilot, "k")  # coach mode on: the banner says so
                _fits(app, "coach mode")
                await press(pilot, "enter", "1", "2", "enter")  # the jacks thrown away: the coach asks
                assert isinstance(app.screen, CoachWarning)
                _fits(app, "the coach's warning")
                await press(pilot, "escape")  # taken back: the banner says what was best
                _fits(app, "taken back")
                await press(pilot, "enter", "enter")  # and this time go ahead
                assert _poker(app).view.result is not None and _poker(app).view.coach is not None
                _fits(app, "the coach's word on a costly exchange")
                assert english_left(app, lang) == []
                await press(pilot, "k")
        for n in range(len(_poker(app).machines)):  # every machine's pay table
            await press(pilot, "m")
            await _everywhere(pilot, f"machine {n}")
        for lang in in_turn():  # a dialog over the table, worded when it is offered
            async with speaking(pilot, lang, "the refill dialog"):
                app.offer_refill("poker", 10**9)
                await settle(pilot)
                assert isinstance(app.screen, ConfirmScreen)
                _fits(app, "the refill dialog")
                await press(pilot, "escape")


@pytest.mark.parametrize("lang", ("ja", "lt"))
def test_table_snapshot_120x40(snap_compare, data_dir: Path, lang: str) -> None:
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await settle(pilot)
        await press(pilot, "enter", "3", "4", "5", "enter")

    assert snap_compare(poker_app(data_dir, PAIR_OF_KINGS, lang=lang), terminal_size=(120, 40), run_before=run_before)


async def test_the_table_is_worded_anew_when_the_language_changes(data_dir: Path) -> None:
    app = poker_app(data_dir, PAIR_OF_KINGS, "JS JD 4C 7H 9S")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "3", "4", "5", "enter")  # a settled hand, the coach's word under it
        shown = screen_text(app)
        assert "One Pair of Kings — stake back" in shown and "Coach: the best hold" in shown
        app.save_settings(replace(app.settings, language="ja"))  # as the settings screen does
        await settle(pilot)
        shown = screen_text(app)
        assert "ワンペア（K） — ベット返却" in shown and "コーチ：最善のホールド" in shown
        assert "ロイヤルストレートフラッシュ" in shown and "[ ] 交換" in shown and "⏎ 配る" in shown
        assert "One Pair" not in shown and "Exchange" not in shown and "Stake" not in shown
        _fits(app, "after the change")
        await press(pilot, "enter")  # the next hand, in the new language
        assert "手札：ワンペア" in screen_text(app)
        app.save_settings(replace(app.settings, language="lt"))
        await settle(pilot)
        shown = screen_text(app)
        assert "Turite: Pora" in shown and "[ ] Keisti" in shown and "Karališkoji spalva" in shown
        # poker's own "Stand" (no exchange), not blackjack's Likti
        assert str(app.screen.query_one("#poker-action", Button).label) == "Nekeisti"
        _fits(app, "in Lithuanian")
        await press(pilot, "t")  # the coach's panel and the tip, open while the language changes
        assert "Treneris · geriausi laikymai" in screen_text(app)
        app.save_settings(replace(app.settings, language="ja"))
        await settle(pilot)
        shown = screen_text(app)
        assert "コーチ・最善のホールド" in shown and "ヒント：" in shown and "Treneris" not in shown


async def test_three_exchange_rounds_fit_80x24(data_dir: Path) -> None:
    """The longest words: the coach's estimates (±) in the first rounds, the round
    counters, the coach's word on an exchange that was not the best."""
    with Store.open(data_dir) as store:
        store.save_settings(replace(store.settings(), poker_exchanges=3))
    app = poker_app(data_dir, "KS KD 5H 2C 9S 5C 8D QS 3H 4H 6S 7S 8S", lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for moment, keys in (("dealt", ["enter"]), ("tip", ["t"]), ("round 2", ["3", "4", "5", "enter"]),
                             ("tip 2", ["t"]), ("round 3", ["1", "enter"]), ("settled", ["enter"])):
            await press(pilot, *keys)
            await until([pilot], lambda: "…" not in (_poker(app).view.tip or ""))  # the estimate is ready
            await _everywhere(pilot, moment)
        assert _poker(app).view.result is not None and _poker(app).view.coach is not None


@pytest.mark.parametrize(("lang", "header", "figure"), (("ja", "最善プレイの還元率（計算値）", "99.5439 %"),
                                                        ("lt", "Grąža žaidžiant tobulai (apskaičiuota)", "99,5439 %")))
def test_the_rules_table_of_machines_is_in_the_language(lang: str, header: str, figure: str) -> None:
    from cardtable.ui.screens.rules import help_markdown

    i18n.set_language(lang)
    text = help_markdown("poker")
    assert header in text and figure in text and "Return with perfect play" not in text


@pytest.mark.parametrize(("lang", "refusal", "button"), (("ja", "残高が1コインに足りません", "補充…"),
                                                         ("lt", "Balanso neužtenka vienai monetai", "Papildyti…")))
async def test_going_broke_is_said_in_the_language(data_dir: Path, lang: str, refusal: str, button: str) -> None:
    """The table's refusal (worded by the core in English) and the refill button."""
    with Store.open(data_dir) as store:
        store.save_settings(replace(store.settings(), poker_coin=100_000))  # 1,000 chips a coin
    app = poker_app(data_dir, "2S 7D 9H JC KS", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "enter")  # no pair: the whole bankroll lost
        assert app.bankroll == 0 and isinstance(app.screen, ConfirmScreen)  # the refill offer
        _fits(app, "the refill offer")
        await press(pilot, "n")  # not now
        assert refusal in screen_text(app)
        assert str(app.screen.query_one("#poker-action", Button).label) == button
        _fits(app, "broke")
