"""The history browser's pieces: a round's steps for the replay, and the list's cells."""
