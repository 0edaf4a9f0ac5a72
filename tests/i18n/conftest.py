"""The i18n tests reuse the desk's server over real HTTP for the command line."""
from tests.desk.conftest import served  # noqa: F401  (a fixture)
