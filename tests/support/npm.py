"""npm packages a test needs (linters, axe-core), installed from the folder's package-lock.json."""
from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import tempfile
from pathlib import Path


def installed(folder: Path, env: dict | None = None) -> Path:
    """`folder`/node_modules/.bin, after `npm ci` there when node_modules is missing or older than
    the lock. One install at a time: the suite's xdist workers may both get here."""
    marker = folder / "node_modules" / ".package-lock.json"  # npm writes it on every install
    lock = folder / "package-lock.json"
    key = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    with open(Path(tempfile.gettempdir()) / f"bootleggers-npm-{key}.lock", "w") as guard:
        fcntl.flock(guard, fcntl.LOCK_EX)
        if not marker.exists() or marker.stat().st_mtime < lock.stat().st_mtime:
            done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder,
                                  capture_output=True, text=True, timeout=600, check=False,
                                  env={**os.environ, **(env or {})})
            assert done.returncode == 0, done.stdout + done.stderr
    return folder / "node_modules" / ".bin"
