"""The GM's mail: mailboxes filed in their games, letters written to the outbox, SMTP delivery.

An application layer over the game's storage, its rendering and the reading of letters
(`pbem.letters`): nothing below it imports it. Nothing here decides what an order means or
whether it is lawful. `intake` files a mailbox on disk in its game and `imap` an IMAP
account (remembering what it read in `uids`); `games` sends each mail of one mailbox to
the game it names; `receipts` answers each letter filed, `reminders` those whose orders
are missing, `new_secret` an officer given a new secret; `compose` and `outbox` write
every mail pbem sends, `waiting` counts the mail that waits, and `sending` delivers it.
"""
