"""Letters as pbem reads them: a mail or a plain order file turned into a `Letter`.

`letter` holds the `Letter` and reads a plain order file, its bytes decoded by `text`;
`files` is the one entry for a file, which hands a mail or an mbox to `reading` (with
`mime`, the only modules here that import Python's `email`, `mailbox` and `html.parser`),
which also reads a Maildir, an mbox or a folder of `.eml` files. `order_text` is the one
place that hands a letter's text to the order model. Below the mail desk (`pbem.mail`),
which reads mail from IMAP and writes and sends it: `pbem resolve` reads the plain files
of `orders/` here without any of the mail machinery.
"""
