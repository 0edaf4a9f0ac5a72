# Words shared by every domain.
language-name = English
# between the parts of a list: "A, B, C"
common-list-sep = {", "}
# the last two parts of a list read aloud: "A, B and C"
common-list-and = { $head } and { $last }
# between the parts of one clause: "plays Hit against Ada at Mother's"
common-space-sep = {" "}
# between two clauses: "Ada hands over $3G; Bix hands over 2 crates"
common-clause-sep = {"; "}
