# Words shared by every domain.
language-name = English
