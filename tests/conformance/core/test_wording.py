"""The words for counts and for slips that every message of pbem shares."""

from pbem.rules.wording import SURE, did_you_mean, nearest_word, plural


def test_a_count_takes_an_s_unless_it_is_one():
    assert [plural(n, "grant") for n in (0, 1, 2)] == ["0 grants", "1 grant", "2 grants"]
    assert plural(3, "order file") == "3 order files"


def test_the_nearest_word_is_given_as_it_is_known():
    assert nearest_word("ROUET", ("ROUTE", "RADARS", "TANKS")) == "ROUTE"
    assert nearest_word("ATACK", ("Attack", "Defence"), caseless=True) == "Attack"
    assert nearest_word("ATACK", ("Attack", "Defence")) is None  # in its own case, too far


def test_a_sure_match_names_a_slip_but_not_a_guess():
    assert nearest_word("P3", ("P-3", "P-4"), cutoff=SURE) == "P-3"
    assert nearest_word("P-9", ("P-1",), cutoff=SURE) is None


def test_a_near_word_is_named_at_the_end_of_the_message():
    assert "unknown order ROUET" + did_you_mean("ROUTE") == "unknown order ROUET; did you mean ROUTE?"
    assert "unknown order XYZZY" + did_you_mean(None) == "unknown order XYZZY"

