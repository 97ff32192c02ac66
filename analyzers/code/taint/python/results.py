"""What one interpretation of a function yields: watched nodes' values, returns, dead code."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..values import CLEAN, Note, Val, join
from .syntax import NodeKey

Env = dict[str, Val]
MAX_DEPTH = 4
MAX_STEPS = 200_000
LOOP_ROUNDS = 3


@dataclass
class Hit:
    """The values a watched node saw (joined over every time the interpreter reached it)."""

    args: list[Val] = field(default_factory=list)
    kwargs: dict[str, Val] = field(default_factory=dict)
    receiver: Val | None = None
    visits: int = 0

    def add(self, args: list[Val], kwargs: dict[str, Val], receiver: Val | None) -> None:
        if self.visits == 0:
            self.args, self.kwargs, self.receiver = list(args), dict(kwargs), receiver
        else:
            n = max(len(self.args), len(args))
            self.args = [
                join(self.args[i] if i < len(self.args) else CLEAN, args[i] if i < len(args) else CLEAN)
                for i in range(n)
            ]
            for k, v in kwargs.items():
                self.kwargs[k] = join(self.kwargs[k], v) if k in self.kwargs else v
            if receiver is not None:
                self.receiver = receiver if self.receiver is None else join(self.receiver, receiver)
        self.visits += 1


@dataclass
class FunctionResult:
    returns: Val
    hits: dict[NodeKey, Hit]
    dead: list[Note]
    self_attrs: dict[str, Val]
    span: str
    # dangers ("!" flags) the function puts on the objects passed as its parameters (a helper that
    # switches a parser's external entities on), by parameter index
    param_flags: dict[int, frozenset[str]] = field(default_factory=dict)
    # the function is a validator of its parameters (by index): when it returns normally ("return":
    # it raises or aborts on bad input), when it returns a true value ("true") or a false one
    # ("false"), the argument passed is safe for the family; with the check that proves it
    validates: dict[int, dict[str, Note]] = field(default_factory=dict)
