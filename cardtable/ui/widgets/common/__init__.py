"""Widgets every table shares: the card renderer, bet controls, chip balance, banner,
footer, labels and the lobby's menu entries."""
