"""CI installs Chromium from the system's packages when it is missing, so the browser
tests (tests/e2e) run on every CI run; without apt or root it says so and goes on."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / ".ci" / "chromium"
BASH = shutil.which("bash") or "/bin/bash"


def _stub(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!{BASH}\n{body}\n")
    path.chmod(0o755)


def _run(tmp_path: Path, *, uid: int, apt_works: bool | None, chromium: str = "/nonexistent/chromium"
         ) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """The script with stub ``id`` and ``apt-get`` (None: no apt-get at all) on a PATH
    that has nothing else but ``tail`` and ``mktemp``."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    calls = tmp_path / "apt-calls"
    _stub(bin_dir, "id", f"echo {uid}")
    if apt_works is not None:
        code = 0 if apt_works else 100
        _stub(bin_dir, "apt-get", f'echo "$*" >> {calls}; echo "E: something went wrong"; exit {code}')
    for tool in ("tail", "mktemp", "rm"):
        found = shutil.which(tool)
        assert found is not None
        (bin_dir / tool).symlink_to(found)
    result = subprocess.run([BASH, str(SCRIPT)], capture_output=True, text=True, timeout=30,
                            env={"PATH": str(bin_dir), "CI_CHROMIUM": chromium, "HOME": str(tmp_path)})
    return result, calls.read_text().splitlines() if calls.exists() else []


def test_run_installs_chromium_before_the_tests() -> None:
    text = (ROOT / ".ci" / "run").read_text()
    assert "bash .ci/chromium" in text
    assert text.index("bash .ci/chromium") < text.index("\n.venv/bin/python -m pytest\n")  # the test run
    assert os.access(SCRIPT, os.X_OK)


def test_missing_chromium_is_installed_as_root_quietly(tmp_path: Path) -> None:
    result, calls = _run(tmp_path, uid=0, apt_works=True)
    assert result.returncode == 0
    assert calls == ["update -qq", "install -y -qq chromium"]
    assert result.stdout == "Chromium installed from the system's packages: the browser tests run\n"


def test_a_failing_apt_does_not_fail_ci(tmp_path: Path) -> None:
    result, calls = _run(tmp_path, uid=0, apt_works=False)
    assert result.returncode == 0 and calls == ["update -qq"]
    assert result.stdout.startswith("Chromium could not be installed (apt-get failed): the browser tests are skipped")
    assert "E: something went wrong" in result.stdout  # what apt said, briefly


@pytest.mark.parametrize(("uid", "apt_works"), [(1000, True), (0, None)])
def test_without_root_or_apt_the_browser_tests_skip(tmp_path: Path, uid: int, apt_works: bool | None) -> None:
    result, calls = _run(tmp_path, uid=uid, apt_works=apt_works)
    assert result.returncode == 0 and calls == []
    assert "the browser tests are skipped" in result.stdout


def test_an_installed_chromium_is_left_alone(tmp_path: Path) -> None:
    result, calls = _run(tmp_path, uid=0, apt_works=True, chromium=BASH)  # any executable file
    assert result.returncode == 0 and calls == []
    assert "the browser tests run" in result.stdout
