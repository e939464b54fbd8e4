"""machine.child_env: the programs the game starts get the player's environment back."""

from __future__ import annotations

import pytest

from machine.child_env import external_environment

BUNDLE = "/home/ana/gdmj/_internal"


def test_from_source_the_environment_is_passed_as_it_is():
    env = {"LD_LIBRARY_PATH": "/opt/lib", "LD_LIBRARY_PATH_ORIG": "/x", "HOME": "/home/ana"}
    assert external_environment(env, bundled=False) == env


def test_a_bundle_restores_every_original_loader_path():
    env = {
        "LD_LIBRARY_PATH": f"{BUNDLE}:/opt/lib",
        "LD_LIBRARY_PATH_ORIG": "/opt/lib",
        "DYLD_LIBRARY_PATH": BUNDLE,
        "DYLD_LIBRARY_PATH_ORIG": "/usr/local/lib",
        "LIBPATH": BUNDLE,
        "LIBPATH_ORIG": "",
        "HOME": "/home/ana",
    }
    assert external_environment(env, bundled=True) == {
        "LD_LIBRARY_PATH": "/opt/lib",
        "DYLD_LIBRARY_PATH": "/usr/local/lib",
        "LIBPATH": "",
        "HOME": "/home/ana",
    }


@pytest.mark.parametrize("name", ["LD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH", "LIBPATH"])
def test_a_loader_path_with_no_original_is_removed(name: str):
    """The bootloader set it where the player had none: the child gets none."""
    assert external_environment({name: BUNDLE, "LANG": "C"}, bundled=True) == {"LANG": "C"}


def test_the_bootloaders_own_variables_are_dropped():
    env = {"_PYI_APPLICATION_HOME_DIR": BUNDLE, "_PYI_PARENT_PROCESS_LEVEL": "1", "A": "b"}
    assert external_environment(env, bundled=True) == {"A": "b"}
