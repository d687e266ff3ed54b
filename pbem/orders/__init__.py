"""Order files: the format officers e-mail, and its reading.

Order files are typed by hand in any mail client, so the reader is forgiving where it can
be (case, aliases, spacing, encodings, greetings, signatures, quoted replies) and precise
where it cannot: every line that cannot be read becomes a `Problem` carrying the line
number, the line as written and what to write instead, and everything readable goes into
one `Orders` value (`pbem.rules.orders`). Whether those orders are *lawful* for the ship
this move (tanks, radars, the secret...) is decided by the rules (`pbem.rules.lawful`).

    GAME cornifex
    OFFICER Notius
    SECRET 4tq9-mx2d
    MOVE 1
    ROUTE 10 N + 5 E
    RADARS 2
    INFO NEW
    END

Its modules: `limits` (what one file may cost), `decoding` (bytes to text), `keywords`
(the order words and their arguments), `routes` (a route's segments), `problems` (the
words of its problems, said in the reader's language), `lines` (a line split into its
order word), `secret` (the secret masked, and the text kept for the record) and `reader`
(a file read into orders and problems). Printing orders back and the order form are on
the rendering side (`pbem.order_lines`, `pbem.order_form`).
"""
