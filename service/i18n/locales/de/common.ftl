# Wörter, die alle Bereiche teilen.
language-name = Deutsch
