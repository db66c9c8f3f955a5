"""The start-up check that names missing Qt system libraries instead of Qt's abort.

A failed platform plugin load is simulated: a plugin folder whose plugin "needs" libraries
the reader reports missing, or a platform name with no plugin at all (a real subprocess).
The package names are Debian's (the issue names libxcb-icccm4 and libxcb-keysyms1).
"""

import os
import subprocess
import sys
from pathlib import Path

from dragondice_desktop import qt_check

REPO = Path(__file__).parents[1]


def _plugins(tmp_path, *names):
    for name in names:
        (tmp_path / f"libq{name}.so").write_bytes(b"not really a plugin")
    return tmp_path


def test_missing_xcb_libraries_are_named_with_the_apt_get_line(tmp_path):
    folder = _plugins(tmp_path, "xcb", "offscreen")
    missing = lambda _plugin: ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]  # noqa: E731
    text = qt_check.platform_problem({"DISPLAY": ":0"}, folder, (missing,), system="linux")
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in text
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in text
    assert "QT_QPA_PLATFORM=offscreen" in text


def test_a_plugin_that_loads_is_no_problem(tmp_path):
    folder = _plugins(tmp_path, "xcb")
    assert qt_check.platform_problem({}, folder, (lambda _p: [],), system="linux") is None


def test_an_undecided_reader_lets_qt_try(tmp_path):
    """When neither ldd nor the loader can tell, the check keeps quiet (Qt says its piece)."""
    folder = _plugins(tmp_path, "xcb")
    assert qt_check.platform_problem({}, folder, (lambda _p: None,), system="linux") is None


def test_one_loadable_plugin_of_a_list_is_enough(tmp_path):
    folder = _plugins(tmp_path, "wayland", "xcb")
    readers = (lambda p: ["libwayland-client.so.0"] if "wayland" in p.name else [],)
    env = {"QT_QPA_PLATFORM": "wayland;xcb"}
    assert qt_check.platform_problem(env, folder, readers, system="linux") is None
    readers = (lambda p: ["libwayland-client.so.0"] if "wayland" in p.name
               else ["libxcb-cursor.so.0"],)
    text = qt_check.platform_problem(env, folder, readers, system="linux")
    assert "sudo apt-get install libwayland-client0 libxcb-cursor0" in text


def test_unknown_library_is_still_named(tmp_path):
    folder = _plugins(tmp_path, "xcb")
    text = qt_check.platform_problem({}, folder, (lambda _p: ["libodd.so.7"],), system="linux")
    assert "libodd.so.7" in text and "apt-get" not in text


def test_platform_names_qt_will_try():
    assert qt_check.default_platform({}, "linux") == ["xcb"]
    assert qt_check.default_platform({"WAYLAND_DISPLAY": "w", "XDG_SESSION_TYPE": "wayland"},
                                     "linux") == ["wayland", "xcb"]
    assert qt_check.default_platform({"QT_QPA_PLATFORM": "offscreen"}, "linux") == ["offscreen"]
    assert qt_check.default_platform({"QT_QPA_PLATFORM": "xcb:option=1"}, "win32") == ["xcb"]
    assert qt_check.default_platform({}, "win32") == []


def test_ldd_output_is_read(monkeypatch, tmp_path):
    out = ("\tlinux-vdso.so.1 (0x0)\n\tlibxcb-icccm.so.4 => not found\n"
           "\tlibGL.so.1 => /lib/libGL.so.1 (0x0)\n\tlibxcb-icccm.so.4 => not found\n")
    monkeypatch.setattr(qt_check.shutil, "which", lambda _name: "/usr/bin/ldd")
    monkeypatch.setattr(qt_check.subprocess, "run",
                        lambda *a, **k: subprocess.CompletedProcess(a, 0, out, ""))
    assert qt_check.read_missing_with_ldd(tmp_path / "libqxcb.so") == ["libxcb-icccm.so.4"]
    monkeypatch.setattr(qt_check.shutil, "which", lambda _name: None)
    assert qt_check.read_missing_with_ldd(tmp_path / "libqxcb.so") is None


def test_loader_reader_tells_a_missing_library_from_other_failures(tmp_path):
    junk = tmp_path / "junk.so"
    junk.write_bytes(b"not an ELF file")
    assert qt_check.read_missing_with_loader(junk) is None


def test_qt_import_failure_names_the_library():
    exc = ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")
    text = qt_check.import_problem(exc)
    assert "libEGL.so.1" in text and "sudo apt-get install libegl1" in text


def test_app_explains_a_platform_plugin_it_cannot_load_instead_of_aborting(tmp_path):
    """A real start with a platform Qt has no plugin for: a message and exit code 1, no
    abort (Qt would end the process with SIGABRT, a negative return code here)."""
    env = dict(os.environ, QT_QPA_PLATFORM="nosuchplatform",
               DRAGONDICE_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "dragondice_desktop", "--demo"], env=env,
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "no display plugin called 'nosuchplatform'" in done.stderr
    assert "offscreen" in done.stderr
