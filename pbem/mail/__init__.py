"""The GM's mail: letters read from mailboxes, letters written to the outbox, SMTP delivery.

An edge of pbem: nothing here decides what an order means or whether it is lawful. Reading
(and `imap`, with `uids`, from an IMAP account) turns any mail into the text that may hold orders (`reading`, `mime`); `order_text` is the
one place that hands that text to the order model; `compose` and `outbox` write every mail
pbem sends, and `sending` delivers them.
"""
