"""The tournament report shows how sure a match is: intervals for the share won and lead (#6)."""

from __future__ import annotations

from mathplay.tournament import MatchResult, win_share_interval


def test_the_report_gives_the_interval_of_the_share_won_and_the_lead() -> None:
    result = MatchResult(("greedy", "random"), wins=[8, 2], draws=0)
    result.scores = [[20, 22, 24, 26, 28, 30, 32, 34, 10, 12], [10] * 8 + [20, 22]]
    text = result.report()
    assert "8 wins (80.0%, 95% interval 49.0–94.3%)" in text
    assert "2 wins (20.0%, 95% interval 5.7–51.0%)" in text
    # Leads: 10, 12, ..., 24 and -10, -10: mean 11.6.
    assert "greedy leads by 11.6 ± " in text


def test_the_interval_holds_the_share_and_narrows_with_more_games() -> None:
    for wins, games in [(186, 200), (93, 100), (1, 2), (0, 5), (5, 5)]:
        low, high = win_share_interval(wins, games)
        assert 0.0 <= low <= wins / games <= high <= 1.0
    wide = win_share_interval(93, 100)
    narrow = win_share_interval(186, 200)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    # 186 of 200 (93%) does not rule out 95%: the target needs a longer match to settle.
    assert win_share_interval(186, 200)[1] > 0.95
