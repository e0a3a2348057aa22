"""Shared fixtures of the Python tests: the real sample files (skipped visibly when absent), the
`tpugraphs` CLI, and a small generated dataset. CTest sets PYTHONPATH to the build tree's
package and the environment variables read here (tests/CMakeLists.txt)."""
import os
import subprocess

import pytest

SHARED_DATA = os.environ.get("TPUGRAPHS_SHARED_DATA", "")
CLI = os.environ.get("TPUGRAPHS_CLI", "")


@pytest.fixture(scope="session")
def real_root():
    """The real TpuGraphs sample dataset root."""
    root = os.path.join(SHARED_DATA, "tpugraphs")
    if not os.path.isdir(os.path.join(root, "npz")):
        pytest.skip(f"SKIP: the real sample files are absent ({root})")
    return root


@pytest.fixture(scope="session")
def nlp_test_file(real_root):
    """The largest real file: layout:nlp:default's test graph (21,918 nodes, 1,001 configs)."""
    folder = os.path.join(real_root, "npz", "layout", "nlp", "default", "test")
    return os.path.join(folder, sorted(os.listdir(folder))[0])


def run_cli(*args, check=True):
    if not CLI or not os.path.exists(CLI):
        pytest.skip("SKIP: the tpugraphs CLI is not built")
    result = subprocess.run([CLI, *args], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"tpugraphs {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    return result


@pytest.fixture(scope="session")
def generated_root(tmp_path_factory):
    """A small generated dataset (the demo preset, 3 files per collection and split) of
    tile:xla and layout:xla:default."""
    root = str(tmp_path_factory.mktemp("generated") / "dataset")
    run_cli("generate", "--preset", "demo", "--collections", "tile:xla", "layout:xla:default",
            "--limit", "3", "--out", root)
    return root
