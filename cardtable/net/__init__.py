"""Shared tables over the network: the protocol, the players and the server.

``protocol`` (messages and their schemas), ``players`` (names, tokens, one Store per
player), ``tables`` (the shared blackjack table driver, no networking), ``server``
(asyncio, newline-delimited JSON over TCP; ``cardtable serve``). No Textual here.
"""
