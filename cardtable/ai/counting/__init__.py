"""Card counting: systems as data, effects of removal, index numbers, the count in the
simulator. Everything is derived from the program's own exact analysis
(:mod:`cardtable.ai.bj_analysis`); nothing but the tags is copied from a book."""
