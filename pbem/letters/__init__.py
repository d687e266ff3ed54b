"""Letters as pbem reads them: a mail or a plain order file turned into a `Letter`.

Reading turns any mail into the text that may hold orders (`reading`, `mime`), from a
Maildir, an mbox, `.eml` files or the plain files of `orders/`; `order_text` is the one
place that hands that text to the order model. Below the mail desk (`pbem.mail`), which
reads mail from IMAP and writes and sends it: `pbem resolve` reads the files of `orders/`
here without any of the mail machinery.
"""
