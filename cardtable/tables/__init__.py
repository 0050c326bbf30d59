"""One table service per game: the owner of a round's whole life.

A service seats people and computer players, takes bets against each person's own
bankroll, deals, says whose turn it is and what they may do, asks the computer seats
through their view, runs the timers and settles. It is the only code that calls the
store's round transactions (``commit_round``, ``update_round``, ``settle_round``) for
a shared table, and it talks to the people at the table through a :class:`~.hub.Hub`:
messages and snapshots as plain data, never Textual. ``cardtable serve`` puts these
services online (``cardtable.net``); a client draws what they say.
"""
