"""The GM's mail: letters read from mailboxes, letters written to the outbox, SMTP delivery.

An edge of pbem: nothing here decides what an order means or whether it is lawful. Reading
turns any mail into the text that may hold orders (`reading`, `mime`), from a mailbox on
disk or from an IMAP account (`imap`, remembering what it read in `uids`); `games` sends
each mail of one mailbox to the game it names; `order_text` is the one place that hands
that text to the order model; `compose` and `outbox` write every mail pbem sends, and
`sending` delivers them.
"""
