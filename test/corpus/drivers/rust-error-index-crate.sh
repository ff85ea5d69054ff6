#!/bin/bash
# Builds a cargo package whose binaries are the "Erroneous code example" blocks
# of rustc's own error index (rustc --explain CODE), one bin per error code.
# Like rustdoc's doctest harness, a block without `fn main` is wrapped in one;
# blocks that need crate attributes (#![feature] …) are skipped.
set -eu
DIR=${1:-/tmp/cc/rust/error-index-examples}
rm -rf "$DIR"; mkdir -p "$DIR/src/bin"
cat > "$DIR/Cargo.toml" <<'TOML'
[package]
name = "error-index-examples"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
TOML
for code in E0004 E0023 E0026 E0027 E0040 E0046 E0050 E0053 E0061 E0063 E0069 E0106 E0107 E0117 E0119 E0133 E0184 E0191 E0201 E0204 E0207 E0252 E0261 E0267 E0277 E0282 E0283 E0308 E0364 E0369 E0373 E0381 E0382 E0384 E0403 E0404 E0407 E0412 E0416 E0423 E0425 E0428 E0432 E0433 E0434 E0435 E0499 E0502 E0503 E0505 E0506 E0507 E0515 E0560 E0596 E0597 E0599 E0603 E0614 E0615 E0616 E0618; do
  block=$(rustc --explain $code | awk '/^```/{ if (inb) exit; inb=1; next } inb { print }')
  [ -z "$block" ] && continue
  case "$block" in *'#!['*) continue;; esac
  f="$DIR/src/bin/$(echo $code | tr 'A-Z' 'a-z').rs"
  if printf '%s\n' "$block" | grep -q 'fn main'; then printf '%s\n' "$block" > "$f"
  else { echo 'fn main() {'; printf '%s\n' "$block"; echo '}'; } > "$f"; fi
done
ls "$DIR/src/bin" | wc -l
