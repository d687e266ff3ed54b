"""Charts of the Tabula Spatii: what each reader can draw, and the drawing itself.

Three readers, three charts (DESIGN: hidden stays hidden):

- an officer's own chart, folded only from the events he may read (`knowledge.OwnChart` on
  top of `knowledge.PublicChart`): his tracks by dead reckoning, the base, and the planets he
  can place from his reports and the bulletins;
- the public chart (`knowledge.PublicChart`): what any player could draw from the bulletins;
- the GM's chart (`truth.tabula`): the true state.

`reckoning`, `knowledge` and `truth` are pure; `svg` draws through Jinja and `book` keeps
each reader's knowledge in the game database between moves.
"""
