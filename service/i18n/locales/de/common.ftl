# Wörter, die alle Bereiche teilen.
language-name = Deutsch
# zwischen den Teilen einer Aufzählung: „A, B, C“
common-list-sep = {", "}
# die letzten beiden Teile einer Aufzählung: „A, B und C“
common-list-and = { $head } und { $last }
# zwischen den Teilen eines Satzglieds: „spielt „Anschlag“ gegen Ada in Mother's“
common-space-sep = {" "}
# zwischen zwei Satzteilen: „Ada gibt 3 Riesen; Bix gibt 2 Kisten“
common-clause-sep = {"; "}
