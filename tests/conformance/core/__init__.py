"""Tests of the pure rules core, one file per module of `pbem/rules/` (or per concept
that spans several), outside the rulebook's section check."""
