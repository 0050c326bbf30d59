"""The blackjack table's widgets: the dealer's row, computer seats, the player's hands."""
