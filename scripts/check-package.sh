#!/usr/bin/env bash
# Packaging check (CI runs it after the tests): build the sdist and the wheel, check them with `twine check
# --strict`, check the wheel carries the package data (JSON Schemas, demo sessions, the opencode plugin),
# install the wheel in a fresh venv and run `learn demo` from it, outside the source tree. Needs only a pip
# registry (build, twine, the build-system requirements and the runtime dependencies); about a minute. Leaves
# nothing behind but dist/.
# At most one venv with pip (ensurepip costs more than all else here on a loaded machine: ~5 s CPU): the tools
# venv, or none when CHECK_PACKAGE_PIP names a pip to use (CI passes the test venv's: .ci/run). The build runs in the
# tools venv (--no-isolation; build still refuses when a requirement of pyproject's [build-system] is missing, and
# they are installed from that list), not in two isolated venvs of its own; the app venv has no pip of its own and
# that pip installs the wheel into it (`pip --python`). The tools are not compiled at install (--no-compile: they run
# once); the app is, as a plain install is (without it the demo took 9 s longer at load ~5).
set -euo pipefail
pip=${CHECK_PACKAGE_PIP:-}
[ -n "$pip" ] && pip=$(realpath "$pip")  # named from the caller's folder
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "$pip" ]; then
  python3 -m venv --without-pip "$work/tools"
else
  python3 -m venv "$work/tools"
  pip=$work/tools/bin/pip
fi
mapfile -t build_requires < <(python3 -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")')
"$pip" --python "$work/tools/bin/python" install -q --no-compile --disable-pip-version-check build twine \
  "${build_requires[@]}"
rm -rf dist
"$work/tools/bin/python" -m build --sdist --wheel --no-isolation --outdir dist . > "$work/build.log" 2>&1 \
  || { tail -30 "$work/build.log"; echo "check-package: the build failed (above)"; exit 1; }
"$work/tools/bin/twine" check --strict dist/*

wheel=$(ls dist/*.whl)
for member in altimate_learn/schemas/approved.schema.json altimate_learn/schemas/signal.schema.json \
              altimate_learn/harness/opencode_plugin.js altimate_learn/demo/samples/repo.json; do
  "$work/tools/bin/python" -c "import sys, zipfile; sys.exit(sys.argv[2] not in zipfile.ZipFile(sys.argv[1]).namelist())" \
    "$wheel" "$member" || { echo "check-package: $member is missing from $wheel"; exit 1; }
done

python3 -m venv --without-pip "$work/app"
"$pip" --python "$work/app/bin/python" install -q --disable-pip-version-check "$wheel"
cd "$work"  # not the checkout: the demo must run from the installed wheel alone
"$work/app/bin/python" -c "import altimate_learn, sys; sys.exit(altimate_learn.__file__.startswith('$root'))" \
  || { echo "check-package: altimate_learn was imported from the checkout, not the wheel"; exit 1; }
"$work/app/bin/learn" --version
"$work/app/bin/learn" demo > "$work/demo.log" 2>&1 || { tail -30 "$work/demo.log"; echo "check-package: learn demo failed"; exit 1; }
echo "check-package: sdist and wheel built, twine check passed, the wheel's learn demo ran ($(tail -1 "$work/demo.log"))"
