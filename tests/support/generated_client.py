"""The Python client openapi-python-client generates from the checked-in document, importable
as `client` (tests/api/test_generated_client_auth.py, tests/contract/test_generated_client.py)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Iterator

SPEC = Path(__file__).resolve().parents[2] / "api_spec" / "openapi.json"
BIN = Path(sys.executable).parent


def generated_client(root: Path) -> Iterator[Path]:
    """Generate into `root`/client (no warning allowed) and put `root` on sys.path meanwhile."""
    config = root / "config.yml"
    config.write_text("post_hooks: []\n")  # no formatter to run afterwards on a fresh machine
    run = subprocess.run([str(BIN / "openapi-python-client"), "generate", "--path", str(SPEC), "--config",
                          str(config), "--output-path", str(root / "client"), "--meta", "none"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "warning" not in (run.stdout + run.stderr).lower(), run.stdout + run.stderr
    sys.path.insert(0, str(root))
    try:
        yield root
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m in ("client", "generated_bot") or m.startswith("client.")]:
            del sys.modules[name]
