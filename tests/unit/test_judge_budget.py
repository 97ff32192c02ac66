"""Every C judgement runs under a budget of analysis steps (taint/budget.py): a rule that runs away
ends its finding as NEEDS_REVIEW, saying why, instead of holding a whole ``sastls triage`` run or an
editor's auto-triage. The budget counts steps, not seconds, so verdicts stay the same on a busy
machine. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code import judge as judge_module
from sastls.analyzers.code.taint import budget, c_states

from .test_judge_c_memory import judge
from .test_judge_c_states_depth import CHAIN


def test_spend_counts_down_and_stops_past_the_limit() -> None:
    budget.spend(10**9)  # outside a budget: nothing is counted
    assert budget.spent_left() is None
    with budget.steps_budget(5):
        budget.spend(3)
        assert budget.spent_left() == 2
        with budget.steps_budget(100):  # nested budgets keep the tighter one
            assert budget.spent_left() == 2
        with pytest.raises(budget.AnalysisBudgetExceeded):
            budget.spend(3)
    assert budget.spent_left() is None


def test_a_runaway_rule_ends_as_needs_review(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The defect fixed in c_states (a callee's callee interpreted again from depth 0) is put back;
    the budget stops what it would run for minutes."""
    original = c_states.states_at_exit

    def from_depth_zero(
        ctx: object, name: str, func: object, entry: object = None, *, depth: int = 0
    ) -> object:
        return original(ctx, name, func, entry, depth=0)  # type: ignore[arg-type]

    monkeypatch.setattr(c_states, "states_at_exit", from_depth_zero)
    monkeypatch.setattr(judge_module, "MAX_C_STEPS", 50_000)
    got = judge(tmp_path, "leak", CHAIN)
    assert got.verdict == "NEEDS_REVIEW", got.justification
    assert got.reason == "analysis too deep"
    assert "step budget ran out" in got.justification


def test_the_default_budget_leaves_ordinary_findings_alone(tmp_path: Path) -> None:
    got = judge(tmp_path, "leak", CHAIN)
    assert got.reason != "analysis too deep", got.justification
    assert got.verdict != "FALSE_POSITIVE", got.justification  # p is never released
