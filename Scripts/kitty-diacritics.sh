#!/bin/sh
# Writes Sources/FolioPixels/Generated/KittyDiacritics.swift from kitty's
# gen/rowcolumn-diacritics.txt (a path to it, from a kitty source tree).
set -eu
table=${1:?usage: kitty-diacritics.sh PATH/TO/rowcolumn-diacritics.txt}
out=Sources/FolioPixels/Generated/KittyDiacritics.swift
{
  echo "// Generated from kitty's gen/rowcolumn-diacritics.txt (the protocol's table: combining marks of"
  echo "// class 230 in Unicode 6.0.0 without decompositions, less those that normalization fuses), by"
  echo "// Scripts/kitty-diacritics.sh. Do not edit: the terminal reads a mark's place in this list."
  echo
  echo "/// The combining diacritics kitty's Unicode placeholders number rows, columns and an image id's"
  echo "/// high byte with: the n-th mark means n."
  echo "public enum KittyDiacritics {"
  echo "  /// The marks, in the protocol's order."
  echo "  public static let scalars: [UInt32] = ["
  grep -v '^#' "$table" | grep . | cut -d';' -f1 | sed 's/^/0x/; s/$/,/' | paste -sd' ' | fold -s -w 96 | sed 's/^/    /; s/ *$//'
  echo "  ]"
  echo "}"
} > "$out"
swift format format -i "$out" 2>/dev/null || true
