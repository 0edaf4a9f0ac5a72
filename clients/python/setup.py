"""Generates `bootleggers_client` from the OpenAPI document before setuptools collects the
packages: the repository's api_spec/openapi.json, or outside the repository the copy beside
this file (an sdist carries it; in the repository it is only the last build's copy, so it
must not win over a newer document). `bootleggers_play` is the hand-written layer on top."""
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
SPEC = next(p for p in (HERE.parents[1] / "api_spec" / "openapi.json", HERE / "openapi.json") if p.exists())
TARGET = HERE / "bootleggers_client"


def generate() -> None:
    config = HERE / "build" / "generate.yml"
    config.parent.mkdir(exist_ok=True)
    config.write_text("post_hooks: []\npackage_name_override: bootleggers_client\n")
    shutil.rmtree(TARGET, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "openapi_python_client", "generate", "--path", str(SPEC),
                    "--config", str(config), "--output-path", str(TARGET), "--meta", "none"], check=True)
    if SPEC.parent != HERE:
        shutil.copy(SPEC, HERE / "openapi.json")


generate()
setup()
