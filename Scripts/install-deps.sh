#!/usr/bin/env bash
# Installs the Debian packages named as arguments that are missing. As root it runs apt-get;
# otherwise it prints the exact command to run and fails.
set -euo pipefail
missing=()
for package in "$@"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0
command="apt-get install -y --no-install-recommends ${missing[*]}"
if [[ $(id -u) -eq 0 ]]; then
  echo "Installing missing packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "Folio needs these Debian packages: ${missing[*]}" >&2
  echo "Run: sudo apt-get update && sudo $command" >&2
  exit 1
fi
