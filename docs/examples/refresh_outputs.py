#!/usr/bin/python3
"""Executes quickstart.ipynb in place (its committed output cells) and writes its plot to
docs/images/python-quickstart.png, the picture docs/PYTHON.md embeds.
Usage, from the project root after building:
  PYTHONPATH=build/app/python docs/examples/refresh_outputs.py"""
import base64
import os
import subprocess
import tempfile

import nbformat

HERE = os.path.dirname(os.path.abspath(__file__))
NOTEBOOK = os.path.join(HERE, "quickstart.ipynb")
PICTURE = os.path.join(HERE, "..", "images", "python-quickstart.png")

# The kernel runs in this folder: PYTHONPATH's relative entries are made absolute first.
path = os.pathsep.join(os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                       if p)
subprocess.run(["jupyter-nbconvert", "--to", "notebook", "--execute", "--inplace",
                "--ExecutePreprocessor.timeout=900", NOTEBOOK], check=True, cwd=HERE,
               env=dict(os.environ, PYTHONPATH=path,
                        # The sample data may be read-only and shared: training keeps its
                        # prepared-graph cache (docs/CACHE.md) elsewhere.
                        TPUGRAPHS_CACHE_DIR=os.environ.get("TPUGRAPHS_CACHE_DIR",
                                                           tempfile.mkdtemp())))
notebook = nbformat.read(NOTEBOOK, as_version=4)
images = [output["data"]["image/png"] for cell in notebook.cells if cell.cell_type == "code"
          for output in cell.outputs if "image/png" in output.get("data", {})]
os.makedirs(os.path.dirname(PICTURE), exist_ok=True)
with open(PICTURE, "wb") as picture:
    picture.write(base64.b64decode(images[0]))
print(f"{NOTEBOOK}: executed; {os.path.normpath(PICTURE)}: written")
