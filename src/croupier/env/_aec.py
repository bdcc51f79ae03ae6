# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The turn-by-turn state of :class:`croupier.env.PokerEnv`, compiled (``AECCore``).

Plain Python, compiled with the C fields and types of ``_aec.pxd`` (Cython's
pure-Python mode; under ``CROUPIER_IMPL=pure`` it runs as written, without the
compiled kernel).

PettingZoo's AEC protocol is bookkeeping around each move: whose turn it is,
the rewards of the last step and the sums of them, who is terminated, and the
extra step each terminated agent takes to leave.  ``AECCore`` holds that state
in C fields (the dictionaries and lists PettingZoo reads are its public
attributes) and runs ``reset``, ``last``, ``step`` and ``agent_iter`` without
Python-level attribute look-ups.  :class:`~croupier.env.aec.PokerEnv` is this
class plus PettingZoo's ``AECEnv``: it sets the fields up (its ``__init__``)
and holds the reference paths (``observe`` with the pure-Python encoder, the
raw and pure-Python moves of ``_play``) that ``AECCore`` calls when the
compiled kernel (:mod:`croupier.env._fast`) is not in use.

>>> from croupier import KuhnPoker
>>> from croupier.env import PokerEnv
>>> env = PokerEnv(KuhnPoker(), [2, 2])
>>> isinstance(env, AECCore), env.reset(seed=3), env.agent_selection
(True, None, 'player_0')
>>> [agent for agent in env.agent_iter(max_iter=2)]
['player_0', 'player_0']
"""

from __future__ import annotations

from hashlib import blake2b
from threading import get_ident
from typing import Any

from croupier._validate import as_int
from croupier.env._rules import as_action
from croupier.errors import ConcurrentUse
from croupier.hand import Hand

# The seeds of the hands: SplitMix64 (Steele, Lea and Flood, 2014) over a state
# set by reset(seed) (a 64-bit seed mixed by SplitMix64's output function, any
# other int by a BLAKE2b digest); one addition and a few multiplications a hand,
# where seeding a Mersenne Twister per reset costs microseconds.  Python ints masked
# to 64 bits: the same seeds, compiled or not.
_MASK = 0xFFFFFFFFFFFFFFFF  # 64 bits
_GOLDEN = 0x9E3779B97F4A7C15
_SEED_SALT = 0x63726F7570696572  # "croupier"


def _mix(z: int) -> int:
    """SplitMix64's output function (of a 64-bit ``z``); compiled, a C function."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _seed_state(seed: object) -> int:
    """The state of the hands' seeds after ``reset(seed=seed)``; compiled, a C function."""
    seed = as_int(seed, "seed")
    if 0 <= seed <= _MASK:
        return _mix(seed ^ _SEED_SALT)
    digest = blake2b(str(seed).encode(), digest_size=8, person=b"croupier-env").digest()
    return int.from_bytes(digest, "little")


class AECCore:
    """The state and the hot methods of :class:`croupier.env.PokerEnv` (see the module's
    documentation); not used on its own.

    >>> from croupier import KuhnPoker
    >>> from croupier.env import PokerEnv
    >>> env = PokerEnv(KuhnPoker(), [2, 2])
    >>> env.reset(seed=3); env.step(1); env.step(1)     # check, check: the showdown
    >>> env.terminations, env.rewards
    ({'player_0': True, 'player_1': True}, {'player_0': -1.0, 'player_1': 1.0})
    >>> env.step(None); env.agents                      # player_1 leaves
    ['player_0']
    """

    # The fields are declared in _aec.pxd (compiled: C fields).
    hand: Hand | None
    _kernel: Any

    def __init__(self) -> None:
        self._owner = 0  # no thread inside (compiled: the C fields start at 0)
        self._depth = 0
        super().__init__()

    def _enter(self, what: str) -> int:
        """Claim the environment for this thread: another thread inside one of its
        calls is refused (:class:`ConcurrentUse`, nothing changes); the same thread
        may call again (observe within last).  No Python code runs between the
        check and the claim, so no other thread can come in between (compiled; as
        plain Python, under ``CROUPIER_IMPL=pure``, the claim is not atomic)."""
        me = get_ident()
        if self._depth and self._owner != me:
            raise ConcurrentUse(
                f"the environment is in use by another thread ({what} refused): "
                "use one environment per thread"
            )
        self._owner = me
        self._depth += 1
        return 0

    def _leave(self) -> None:
        self._depth -= 1

    def _guarded(self, what: str) -> _Claim:
        """A context manager of _enter and _leave, for PokerEnv's Python methods."""
        return _Claim(self, what)

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIter:
        """The agent to act, step after step, while any agent is left (at most ``max_iter``)."""
        return _AgentIter(self, max_iter)

    def _clear_rewards(self) -> None:
        rewards = self.rewards
        for agent in rewards:
            rewards[agent] = 0

    def _accumulate_rewards(self) -> None:
        self._accumulate()

    def _accumulate(self) -> int:
        cumulative = self._cumulative_rewards
        for agent, reward in self.rewards.items():
            cumulative[agent] += reward
        return 0

    # ------------------------------------------------------------------ episode

    # reset, last and step each guard their body the same way (_enter, try, _leave):
    # three lines a method, kept inline rather than a context manager object per call.
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: a hand, or a session with ``session=True``; a ``seed`` makes
        it and every hand after it the same each time (``options`` is not read)."""
        self._enter("reset")
        try:
            self._reset(seed)
        finally:
            self._leave()

    def _reset(self, seed: object) -> int:
        if seed is not None:
            self._state = _seed_state(seed)  # checked first: a bad seed changes nothing
        agents = self.possible_agents
        self.agents = agents[:]
        self.rewards = self._zeros.copy()  # 5 times faster than dict.fromkeys
        self._cumulative_rewards = self._zeros.copy()
        self.terminations = self._falses.copy()
        self.truncations = self._falses.copy()
        self.infos = {a: {} for a in agents}
        self._skip_agent_selection = None
        if self.session:
            self.table = self._first_table._fresh()  # Table(game, starting, rebuy=rebuy)
        self.agent_selection = agents[0]
        self._deal()
        if self.hand._received is not None:  # all-in on the forced bets: no one acts
            self._end_hand()
            self._accumulate()
        elif self.hand.actor is not None:
            self.agent_selection = self._seat_agent[self.hand.actor]
        return 0

    def _deal(self) -> int:
        """The next hand: of the session's table, or else a hand from the starting stacks
        (agent ``player_i`` in seat ``i``); the betting summary starts from zeros."""
        self._state = (self._state + _GOLDEN) & _MASK
        seed = _mix(self._state)
        if self.table is None:
            self.hand = Hand(self.game, list(self.starting), seed=seed)
        else:
            self.hand = self.table.deal(seed=seed)
            seats = self.table.seats
            if seats != self._seats:  # else the maps of the last hand hold
                self._seats = seats
                agents = self.possible_agents
                self._seat_agent = [agents[player] for player in seats]
                self._agent_seat = {agent: seat for seat, agent in enumerate(self._seat_agent)}
        if self._kernel is not None:
            self._kernel.summary[:, :, :] = 0.0
        else:
            self._summary.fill(0.0)
        return 0

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's (observation, cumulative reward, terminated, truncated, info)."""
        self._enter("last")
        try:
            return self._last(observe)
        finally:
            self._leave()

    def _last(self, observe: bool) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._require_agents()
        agent = self.agent_selection
        terminated = self.terminations[agent]
        observation = None
        if observe:
            seat = self._agent_seat.get(agent) if self._inline else None
            if seat is not None and self.hand is not None:  # observe, inlined
                observation = self._kernel._observe(self.hand, seat, self._width, not terminated)
            else:
                observation = self.observe(agent)
        return (
            observation,
            self._cumulative_rewards[agent],
            terminated,
            self.truncations[agent],
            self.infos[agent],
        )

    def _was_dead_step(self, action: object) -> None:
        """The step of a terminated or truncated agent: it leaves ``agents`` and every
        dictionary; the next such agent is selected, or else the one it stood in for."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        terminations, truncations = self.terminations, self.truncations
        if not (terminations[agent] or truncations[agent]):
            raise ValueError(f"{agent} is not terminated or truncated: it cannot be removed")
        del terminations[agent]
        del truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        for other in agents:
            if terminations[other] or truncations[other]:
                if self._skip_agent_selection is None:
                    self._skip_agent_selection = agent
                self.agent_selection = other
                break
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        if self._rewarded or any(self.rewards.values()):  # else every reward is 0 already
            self._clear_rewards()
            self._rewarded = False

    def _require_agents(self) -> int:
        if self.hand is None:
            raise ValueError("no episode yet: call reset() first")
        if not self.agents:
            raise ValueError("the episode is over (every agent has left): call reset()")
        return 0

    def step(self, action: int | None) -> None:
        """Play ``action`` for the selected agent (``None`` for a terminated one); a
        refused action (an ``ActionsError``) changes nothing."""
        self._enter("step")
        try:
            self._step(action)
        finally:
            self._leave()

    def _step(self, action: Any) -> int:
        self._require_agents()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return 0
        hand = self.hand
        if action is None:
            raise ValueError(f"{agent} is not terminated: it must act, not step(None)")
        if type(action) is not int:
            action = as_action(action)  # an int or a numpy integer, nothing else
        if self._kernel is not None and not self.raw:
            self._kernel._play(hand, action)
        else:
            self._play(action)  # PokerEnv's raw and pure-Python moves
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded or any(self.rewards.values()):  # else every reward is 0
            self._clear_rewards()
            self._rewarded = False
        if hand._received is not None:
            self._end_hand()
            self._accumulate()
        elif hand.actor is not None:
            self.agent_selection = self._seat_agent[hand.actor]
        return 0

    def _end_hand(self) -> int:
        """Reward the finished hand; in a session deal on (hands no one acts in too)."""
        table = self.table
        self._rewarded = True
        while True:
            hand = self.hand
            payoffs = hand._payoffs
            if payoffs is not None:  # else unsettled: no one wins or loses
                rewards, scale = self.rewards, self.scale
                for agent, payoff in zip(self._seat_agent, payoffs, strict=True):
                    rewards[agent] += payoff * scale
            over = table is None
            if not over:
                table.end_hand()
                over = table.is_over or (
                    self.max_hands is not None and table.hands_played >= self.max_hands
                )
            if over:
                terminations = self.terminations
                for a in self.agents:
                    terminations[a] = True
                return 0
            self._deal()
            if self.hand._received is None:
                break
        stacks = table.stacks
        busted = [
            a for a in self.agents if not self.terminations[a] and stacks[self._index[a]] == 0
        ]
        for a in busted:
            self.terminations[a] = True
        if self.hand.actor is not None:
            self.agent_selection = self._seat_agent[self.hand.actor]
        if busted:
            self._skip_agent_selection = self.agent_selection
            self.agent_selection = busted[0]
        return 0


class _Claim:
    """``with env._guarded(what):`` (AECCore._enter and _leave)."""

    def __init__(self, env: AECCore, what: str) -> None:
        self.env, self.what = env, what

    def __enter__(self) -> None:
        self.env._enter(self.what)

    def __exit__(self, *exc: object) -> None:
        self.env._leave()


class _AgentIter:
    """``agent_iter``'s iterator (PettingZoo's semantics)."""

    def __init__(self, env: AECCore, max_iter: object) -> None:
        self.env = env
        self.left = max(0, min(as_int(max_iter, "max_iter"), 2**63 - 1))

    def __iter__(self) -> _AgentIter:
        return self

    def __next__(self) -> str:
        if not self.env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return self.env.agent_selection
